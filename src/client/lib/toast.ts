import type { ToastOptions } from 'react-hot-toast';
import { wantToasts } from './toasts-wanted.ts';

// The screens' toasts. The library is downloaded, and the app mounts the toasts' container, when the first toast
// is raised, not when a screen loads: the library's styles engine writes its animations into the page as soon
// as it is evaluated, which restyles the whole page (a long task of 35 ms or more on a slow phone, on every
// page with a form). A toast raised before the container shows waits in the library's store until it does.
const library = () => import('react-hot-toast');

function raising(kind: 'blank' | 'success' | 'error') {
  return (message: string, options?: ToastOptions): void => {
    library()
      .then(({ default: toast }) => {
        // Only now: the container is the same library, so it can no longer fail to load.
        wantToasts();
        if (kind === 'blank') toast(message, options);
        else toast[kind](message, options);
      })
      // Offline, or the shop was updated meanwhile: the page has nothing better to do with it.
      .catch((error: unknown) => console.error(error));
  };
}

const toast = Object.assign(raising('blank'), { success: raising('success'), error: raising('error') });

export default toast;
