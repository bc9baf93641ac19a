// Whether any screen has raised a toast (./toast.ts): until then the app does not mount the toasts' container
// (app/toasts.tsx): a page whose screens raise no toast never downloads the library, and no page restyles
// itself for the library's styles before it shows a toast.

const listeners = new Set<() => void>();
let wanted = false;

export function wantToasts() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const toastsWanted = () => wanted;

export function onToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
