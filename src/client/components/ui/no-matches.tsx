/** A search or filter that found nothing, said so, with the way back to the whole list. */
export function NoMatches({
  message,
  clearLabel,
  onClear,
}: {
  message: string;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <div className="border-base-300 rounded-box bg-base-100 flex flex-col items-center gap-4 border border-dashed px-4 py-12 text-center">
      <p className="text-lg font-semibold">{message}</p>
      <button type="button" className="btn btn-primary h-11" onClick={onClear}>
        {clearLabel}
      </button>
    </div>
  );
}
