import toast from 'react-hot-toast';
import { wantToasts } from './toasts-wanted.ts';

// The screens' toasts. Loading this module is what has the app mount the toasts' container: a toast raised
// before it shows waits in the library's store until it does.
wantToasts();

export default toast;
