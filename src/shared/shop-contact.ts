/** How customers reach the shop: shown on the contact page and the home page; the server mails messages here. */
export const SHOP_CONTACT = {
  email: 'sales@forgeline.example',
  supportEmail: 'support@forgeline.example',
  phones: [
    { label: 'Sales', number: '+1 (412) 555-0142' },
    { label: 'Orders and delivery', number: '+1 (412) 555-0178' },
    { label: 'Technical support', number: '+1 (412) 555-0190' },
  ],
  address: [
    'Forgeline Tools & Parts',
    '2100 Smallman Street, Unit 4',
    'Pittsburgh, PA 15222',
    'United States',
  ],
  hours: 'Monday to Friday, 7:30 am to 5:00 pm (Eastern Time)',
} as const;
