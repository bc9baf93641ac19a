import type { ButtonHTMLAttributes } from 'react';

/** A button that, while its call is in progress, is disabled and reads "Loading". */
export function LoadingButton({
  loading,
  children,
  className = 'btn btn-primary',
  disabled,
  type = 'submit',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { loading: boolean }) {
  return (
    <button type={type} className={className} disabled={loading || disabled} {...rest}>
      {loading ? (
        <>
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Loading
        </>
      ) : (
        children
      )}
    </button>
  );
}
