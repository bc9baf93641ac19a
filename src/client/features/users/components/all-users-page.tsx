import toast from '#client/lib/toast.ts';
import { messages } from '#shared/messages.ts';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { PagedTable } from '#client/components/ui/paged-table.tsx';
import { readSearchAndPage, useListParams } from '#client/lib/list-params.ts';
import { usePromoteUser } from '#client/features/users/api/promote-user.ts';
import { useUsersPage } from '#client/features/users/api/get-users-page.ts';
import { Avatar } from './avatar.tsx';

/** Every account, oldest first, searched by name or e-mail, a page at a time; Promote makes an admin. */
export function AllUsersPage() {
  const list = useListParams();
  const query = readSearchAndPage(list.params);
  const { q } = query;
  const users = useUsersPage(query);
  const promote = usePromoteUser();

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
      meta={{ title: 'All User', description: 'Every account of the shop; make a user an administrator.' }}
      query={users}
      loadingLabel="Loading the users"
      heading={total === 0 && q ? `No users match “${q}”` : `Total User : ${total}`}
      search={{ label: 'Search by name or e-mail', value: q }}
      noMatches={{
        message: 'Try another name or e-mail, or clear the search to see every user again.',
        clearLabel: 'Clear the search',
      }}
      list={list}
      columns={['No.', 'Image', 'Name', 'Email', 'Role']}
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
                onClick={() => void onPromote(user.email)}
              >
                Promote
              </LoadingButton>
            )}
          </td>
        </tr>
      )}
    />
  );
}
