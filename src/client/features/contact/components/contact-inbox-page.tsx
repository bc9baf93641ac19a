import toast from '#client/lib/toast.ts';
import type { InboxMessage } from '#shared/schemas/contact.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { SenderCard, senderCardTime } from '#client/components/ui/sender-card.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { useListParams } from '#client/lib/list-params.ts';
import { useContactInbox, useHandleContactMessage } from '#client/features/contact/api/contact-inbox.ts';

function MessageCard({
  message,
  onHandle,
  handling,
}: {
  message: InboxMessage;
  onHandle: () => void;
  handling: boolean;
}) {
  const isNew = message.handledAt === null;
  return (
    <SenderCard
      id={`message-${message._id}`}
      name={
        <>
          {message.name} {isNew && <span className="badge badge-primary badge-sm ml-1">New</span>}
        </>
      }
      email={message.email}
      createdAt={message.createdAt}
      border={isNew ? 'border-primary border-l-4' : undefined}
    >
      <p className="whitespace-pre-line break-words">{message.message}</p>
      {isNew ? (
        <LoadingButton
          type="button"
          loading={handling}
          className="btn btn-secondary btn-sm min-h-11 self-start max-sm:w-full"
          onClick={onHandle}
        >
          Mark as handled
        </LoadingButton>
      ) : (
        <p className="text-success text-sm font-semibold">Handled {senderCardTime(message.handledAt!)}</p>
      )}
    </SenderCard>
  );
}

/** The Get In Touch messages, newest first: new ones stand out until an administrator marks them handled. */
export function ContactInboxPage() {
  const list = useListParams();
  const inbox = useContactInbox(list.page);
  const handle = useHandleContactMessage();

  if (inbox.isPending) return <LoadingImage label="Loading the messages" />;
  if (inbox.isError)
    return <ErrorNotice message={inbox.error.message} onRetry={() => void inbox.refetch()} />;

  const onHandle = async (id: string) => {
    try {
      const { modifiedCount } = await handle.mutateAsync(id);
      if (modifiedCount) toast.success('Marked as handled.');
      else toast.error('That message was already handled.');
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const { messages, total, unhandled, pageSize } = inbox.data;
  return (
    <section>
      <PageMeta title="Contact inbox" description="The Get In Touch messages sent to the shop." />
      <h2 aria-live="polite" className="mb-2 text-2xl font-bold">
        {total === 0 ? 'No messages yet' : `${unhandled} new of ${total} message(s)`}
      </h2>
      <p className="text-base-content/75 mb-4 max-w-2xl">
        {total === 0
          ? 'Messages sent through Get In Touch on the home and contact pages appear here, newest first.'
          : 'Newest first. Answer by e-mail, then mark the message handled.'}
      </p>
      {total > 0 && (
        <>
          <ul className="grid gap-4" aria-label="Messages">
            {messages.map((message) => (
              <MessageCard
                key={message._id}
                message={message}
                handling={handle.isPending && handle.variables === message._id}
                onHandle={() => void onHandle(message._id)}
              />
            ))}
          </ul>
          <Pagination
            page={list.page}
            pageSize={pageSize}
            total={total}
            hrefFor={list.pageHref}
            pending={inbox.isPlaceholderData}
            label="Contact inbox pages"
          />
        </>
      )}
    </section>
  );
}
