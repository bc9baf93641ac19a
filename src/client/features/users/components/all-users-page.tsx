import { useState } from 'react';
import toast from '#client/lib/toast.ts';
import { messages } from '#shared/messages.ts';
import type { User } from '#shared/schemas/users.ts';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { PagedTable } from '#client/components/ui/paged-table.tsx';
import { readSearchAndPage, useListParams } from '#client/lib/list-params.ts';
import { useConfirmedAction } from '#client/lib/use-confirmed-action.ts';
import { useSetUserBlocked } from '#client/features/users/api/block-user.ts';
import { usePromoteUser } from '#client/features/users/api/promote-user.ts';
import { useUsersPage } from '#client/features/users/api/get-users-page.ts';
import { Avatar } from './avatar.tsx';

/**
 * Every account, oldest first, searched by name or e-mail, a page at a time; Promote makes an admin, Block
 * stops an account from signing in (after "Are You Sure?") and Unblock lets it in again.
 */
export function AllUsersPage() {
  const list = useListParams();
  const query = readSearchAndPage(list.params);
  const { q } = query;
  const users = useUsersPage(query);
  const promote = usePromoteUser();
  const setBlocked = useSetUserBlocked();
  const [blockAsked, setBlockAsked] = useState('');
  const confirmBlock = useConfirmedAction(
    async (email) => (await setBlocked.mutateAsync({ email, blocked: true })).modifiedCount,
    {
      done: 'The account is blocked: it is signed out and cannot sign in.',
      refused: 'That account was already blocked.',
    },
  );

  const onUnblock = async (user: User) => {
    try {
      await setBlocked.mutateAsync({ email: user.email, blocked: false });
      toast.success(`${user.name} can sign in again.`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  const busy = (user: User) => setBlocked.isPending && setBlocked.variables.email === user.email;

  const onPromote = async (email: string) => {
    try {
      const { modifiedCount } = await promote.mutateAsync(email);
      if (modifiedCount > 0) toast.success(messages.promoted);
      else toast.error(messages.promoteRefused);
    } catch {
      toast.error(messages.promoteRefused);
    }
  };

  const total = users.data?.total ?? 0;
  return (
    <PagedTable
      meta={{
        title: 'All User',
        description: 'Every account of the shop; make a user an administrator, or block an account.',
      }}
      query={users}
      loadingLabel="Loading the users"
      heading={total === 0 && q ? `No users match “${q}”` : `Total User : ${total}`}
      search={{ label: 'Search by name or e-mail', value: q }}
      noMatches={{
        message: 'Try another name or e-mail, or clear the search to see every user again.',
        clearLabel: 'Clear the search',
      }}
      list={list}
      columns={['No.', 'Image', 'Name', 'Email', 'Role', 'Access']}
      rows={users.data?.users ?? []}
      row={(user, number) => (
        <tr key={user._id}>
          <th>{number}</th>
          <td>
            <Avatar src={user.img} name={user.name} size="size-10" />
          </td>
          <td>{user.name}</td>
          <td>{user.email}</td>
          <td>
            {user.role === 'admin' ? (
              <span className="badge badge-primary">Admin</span>
            ) : (
              <LoadingButton
                type="button"
                loading={promote.isPending && promote.variables === user.email}
                className="btn btn-secondary btn-xs"
                aria-label={`Promote ${user.name}`}
                disabled={user.blocked}
                title={user.blocked ? 'Unblock the account before making it an administrator' : undefined}
                onClick={() => void onPromote(user.email)}
              >
                Promote
              </LoadingButton>
            )}
          </td>
          <td>
            {user.role === 'admin' ? (
              <span>Signs in</span>
            ) : user.blocked ? (
              <span className="flex flex-wrap items-center gap-2">
                <span className="badge badge-error badge-outline">Blocked</span>
                <LoadingButton
                  type="button"
                  loading={busy(user)}
                  className="btn btn-outline btn-xs"
                  aria-label={`Unblock ${user.name}`}
                  onClick={() => void onUnblock(user)}
                >
                  Unblock
                </LoadingButton>
              </span>
            ) : (
              <LoadingButton
                type="button"
                loading={busy(user)}
                className="btn btn-error btn-outline btn-xs"
                aria-label={`Block ${user.name}`}
                onClick={() => {
                  setBlockAsked(user.name);
                  confirmBlock.ask(user.email);
                }}
              >
                Block
              </LoadingButton>
            )}
          </td>
        </tr>
      )}
    >
      <ConfirmDialog
        {...confirmBlock.dialog}
        detail={`${blockAsked} will be signed out within a minute and cannot sign in until unblocked. Their orders and reviews stay.`}
      />
    </PagedTable>
  );
}
