import { useEffect, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  onYes: () => void;
  onNo: () => void;
}

/** A native modal <dialog> (focus trap and Escape for free) asking Yes or No. */
export function ConfirmDialog({ open, title, onYes, onNo }: ConfirmDialogProps) {
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
          {title}
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
