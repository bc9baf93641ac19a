import { useState } from 'react';
import toast from '#client/lib/toast.ts';

interface ConfirmedActionTexts {
  /** Toast when the server reports a change. */
  done: string;
  /** Toast when it reports none (and, with `failedIsRefused`, when the call fails). */
  refused: string;
  /** Toast when the person answers No; none when absent. */
  declined?: string;
  failedIsRefused?: boolean;
}

/**
 * "Are You Sure?" before an action on one row: `ask(id)` opens the dialog; Yes runs the action and toasts by
 * the count of rows it changed. Spread `dialog` into a ConfirmDialog.
 */
export function useConfirmedAction(
  run: (id: string) => Promise<number>,
  { done, refused, declined, failedIsRefused = false }: ConfirmedActionTexts,
) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const onYes = async () => {
    const id = confirming;
    setConfirming(null);
    if (!id) return;
    try {
      if (await run(id)) toast.success(done);
      else toast.error(refused);
    } catch (error) {
      toast.error(failedIsRefused ? refused : (error as Error).message);
    }
  };
  return {
    ask: setConfirming,
    dialog: {
      open: confirming !== null,
      onYes: () => void onYes(),
      onNo: () => {
        setConfirming(null);
        if (declined) toast(declined);
      },
    },
  };
}
