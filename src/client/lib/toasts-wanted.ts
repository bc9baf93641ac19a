// Whether any screen has loaded the toast library (./toast.ts): until then the app does not mount the toasts'
// container (app/toasts.tsx), so a page that raises no toast never downloads the library.

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
