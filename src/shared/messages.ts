/** The product's own words (spec sections 5 and 8), used by the forms and by the server alike. */
export const messages = {
  firstNameRequired: 'first name is Required',
  lastNameRequired: 'last name is Required',
  minThree: 'Minimum 3 character required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid Email',
  passwordRequired: 'Password is required',
  passwordRule: 'Minimum eight characters, at least one letter and one number',
  confirmPasswordRequired: 'confirm-Password is required',
  passwordMismatch: "password didn't match",
  profileCreated: 'Profile create successfully',
  errorPrefix: 'Error :',
  emailInUse: 'auth/email-already-in-use',
  resetNeedsEmail: 'please,give us your email..',
  resetSent: 'check your mail for reset password...',
  signedOut: 'Sign-Out Success.Bye Bye!!',
  profileUpdated: 'Profile Updated Successfully',
  promoted: 'SuccessFully make a admin',
  promoteRefused: "Sorry!!! You can't make anyone admin.Only admin can make other's admin",
  quantityRequired: 'Give the quantity value',
  addressRequired: 'Address is required',
  minTwo: 'Minimum 2 character required',
  numberRequired: 'Number is required',
  orderBooked: 'Your order is booked',
  cancelled: 'Order cancel successfully',
  cancelRefused: "Can't Cancel the Order",
  cancelDeclined: 'Ok,Try next time.',
  orderDeleted: 'Order delete successfully',
  shipped: 'On the way for Delivery',
  shipRefused: "Can't Shipped",
  paymentDone: 'Congrats!!! Your Payment is completed',
  nameRequired: 'Name is Required',
  priceRequired: 'price is Required',
  availableQuantityRequired: 'availableQuantity is Required',
  minOrderQuantityRequired: 'minOrderQuantity is Required',
  detailsRequired: 'details is Required',
  imageRequired: 'Image is Required',
  toolSaveFailed: 'Failed to add a tools',
  toolUpdated: 'Tools Updated SuccessFully',
  toolDeleted: 'Tools delete successfully',
  reviewThanks: 'Thanks for your valuable feedback',
  personNameRequired: 'Name is required',
  imageNotOurs: 'The image must be an upload of ours',
} as const;

/** How the account screens and the profile show an error (spec section 8): "Error :" and the message. */
export function errorText(message: string): string {
  return `${messages.errorPrefix} ${message}`;
}

export function toolAdded(name: string): string {
  return `Hurray!!New tools. ${name} added successfully`;
}

/** The refusal of a review from someone who has ordered nothing (its odd spacing kept). */
export function reviewNeedsOrder(name: string): string {
  return `Dear ${name} .Please,at least order one product for giving review`;
}

/** Purchase quantity above the stock, addressed to the buyer by display name (spec section 5, its spacing kept). */
export function notEnoughStock(buyerName: string): string {
  return `Sorry ${buyerName} !! We dont have enough quantity`;
}

/** Purchase quantity below the tool's minimum order, addressed to the buyer (spec section 5, double spaces kept). */
export function belowMinimum(buyerName: string, minimum: number): string {
  return `Sorry ${buyerName} !!You have to order Minimum  quantity  ${minimum}`;
}
