import toast from '#client/lib/toast.ts';
import type { InboxMessage } from '#shared/schemas/contact.ts';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { useListParams } from '#client/lib/list-params.ts';
import { useContactInbox, useHandleContactMessage } from '#client/features/contact/api/contact-inbox.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

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
    <li>
      <article
        aria-labelledby={`message-${message._id}`}
        className={`card bg-base-100 border shadow-sm ${isNew ? 'border-primary border-l-4' : 'border-base-300'}`}
      >
        <div className="card-body gap-3 p-4 sm:p-6">
          <header className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 id={`message-${message._id}`} className="font-bold">
                {message.name} {isNew && <span className="badge badge-primary badge-sm ml-1">New</span>}
              </h3>
              <a className="link link-hover text-sm break-all" href={`mailto:${message.email}`}>
                {message.email}
              </a>
            </div>
            <time className="text-base-content/70 text-sm" dateTime={message.createdAt}>
              {when.format(new Date(message.createdAt))}
            </time>
          </header>
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
            <p className="text-success text-sm font-semibold">
              Handled {when.format(new Date(message.handledAt!))}
            </p>
          )}
        </div>
      </article>
    </li>
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
