import toast from '#client/lib/toast.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useDropMail } from '#client/features/mail/api/drop-mail.ts';
import { useUndeliverableMail } from '#client/features/mail/api/get-undeliverable-mail.ts';
import { useResendMail } from '#client/features/mail/api/resend-mail.ts';

const ALREADY_GONE = 'That mail was already gone.';
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Mails the shop could not deliver after every retry: send them again once the cause is fixed, or let them go. */
export function UndeliverableMailPage() {
  const mails = useUndeliverableMail();
  const resend = useResendMail();
  const drop = useDropMail();
  const confirmDrop = useConfirmedAction(async (id) => (await drop.mutateAsync(id)).deletedCount, {
    done: 'The mail was let go.',
    refused: ALREADY_GONE,
  });

  if (mails.isPending) return <LoadingImage label="Loading the undeliverable mail" />;
  if (mails.isError)
    return <ErrorNotice message={mails.error.message} onRetry={() => void mails.refetch()} />;

  const onResend = async (id: string) => {
    try {
      const { resentCount } = await resend.mutateAsync(id);
      if (resentCount) toast.success('The mail is on its way again.');
      else toast.error(ALREADY_GONE);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const count = mails.data.length;
  return (
    <section>
      <PageMeta
        title="Undeliverable mail"
        description="Mails the shop could not deliver after every retry: send them again or let them go."
      />
      <h2 className="mb-2 text-2xl font-bold">
        {count === 0 ? 'Every mail was delivered' : `${count} mail(s) could not be delivered`}
      </h2>
      <p className="text-base-content/75 mb-4 max-w-2xl">
        The shop tries each mail again for hours before it gives up. Fix what the error names (the mail server
        or the address), then send the mail again.
      </p>
      {count > 0 && (
        <DataTable columns={['To', 'Subject', 'Error', 'Tries', 'Failed', 'Action']}>
          {mails.data.map((mail) => (
            <tr key={mail._id}>
              <td className="whitespace-nowrap">{mail.to}</td>
              <td className="min-w-48 font-semibold">{mail.subject}</td>
              <td className="min-w-48 text-xs">{mail.error}</td>
              <td>{mail.attempts}</td>
              <td className="whitespace-nowrap">{when.format(new Date(mail.failedAt))}</td>
              <td>
                <div className="grid gap-1">
                  <LoadingButton
                    type="button"
                    loading={resend.isPending && resend.variables === mail._id}
                    className="btn btn-primary btn-xs whitespace-nowrap"
                    onClick={() => void onResend(mail._id)}
                  >
                    Send again
                  </LoadingButton>
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    onClick={() => confirmDrop.ask(mail._id)}
                  >
                    Let go
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog {...confirmDrop.dialog} />
    </section>
  );
}
