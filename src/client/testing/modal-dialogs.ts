/** jsdom has no modal dialogs: `showModal` and `close` open and close the <dialog> (ConfirmDialog). */
export function allowModalDialogs(): void {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
}
