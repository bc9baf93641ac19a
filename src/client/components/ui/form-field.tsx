import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}

/** A labelled control with its validation message underneath, tied together for screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), ...(error && { 'aria-describedby': errorId }) })}
      {hint && !error && <p className="text-base-content/70 mt-1 text-xs">{hint}</p>}
      {error && (
        <p id={errorId} className="text-error mt-1 text-sm" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide switch. */
export function PasswordInput({
  ref,
  className = '',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        className={`input w-full pr-20 ${className}`}
        {...props}
      />
      <button
        type="button"
        className="btn btn-ghost btn-xs absolute top-1/2 right-2 -translate-y-1/2"
        aria-pressed={visible}
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible(!visible)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
