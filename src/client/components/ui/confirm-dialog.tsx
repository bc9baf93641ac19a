import { useEffect, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** The spec's "Are You Sure?" with Yes and No, in a native modal <dialog> (focus trap and Escape for free). */
export function ConfirmDialog({ open, onYes, onNo }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal" aria-labelledby="confirm-title" onCancel={onNo}>
      <div className="modal-box max-w-sm">
        <h3 id="confirm-title" className="text-xl font-bold">
          Are You Sure?
        </h3>
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
