import { useEffect, useId, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onYes: () => void;
  onNo: () => void;
  /** What Yes will do, when the title alone does not say enough. */
  detail?: string;
}

/** The spec's "Are You Sure?" with Yes and No, in a native modal <dialog> (focus trap and Escape for free). */
export function ConfirmDialog({ open, onYes, onNo, detail }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A page may hold more than one dialog.
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={`${id}-title`}
      aria-describedby={detail ? `${id}-detail` : undefined}
      onCancel={onNo}
    >
      <div className="modal-box max-w-sm">
        <h3 id={`${id}-title`} className="text-xl font-bold">
          Are You Sure?
        </h3>
        {detail && (
          <p id={`${id}-detail`} className="pt-3">
            {detail}
          </p>
        )}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onNo}>
            No
          </button>
          <button type="button" className="btn btn-error" onClick={onYes}>
            Yes
          </button>
        </div>
      </div>
    </dialog>
  );
}
