import toast from 'react-hot-toast';
import { messages } from '#shared/messages.ts';
import { DataTable } from '#client/components/ui/data-table.tsx';
import { ErrorNotice } from '#client/components/ui/error-notice.tsx';
import { LoadingButton } from '#client/components/ui/loading-button.tsx';
import { LoadingImage } from '#client/components/ui/loading-image.tsx';
import { PageMeta } from '#client/components/ui/page-meta.tsx';
import { usePromoteUser } from '#client/features/users/api/promote-user.ts';
import { useUsers } from '#client/features/users/api/list-users.ts';
import { Avatar } from './avatar.tsx';

export function AllUsersPage() {
  const users = useUsers();
  const promote = usePromoteUser();
  if (users.isPending) return <LoadingImage label="Loading the users" />;
  if (users.isError)
    return <ErrorNotice message={users.error.message} onRetry={() => void users.refetch()} />;

  const onPromote = async (email: string) => {
    try {
      const { modifiedCount } = await promote.mutateAsync(email);
      if (modifiedCount > 0) toast.success(messages.promoted);
      else toast.error(messages.promoteRefused);
    } catch {
      toast.error(messages.promoteRefused);
    }
  };

  return (
    <section>
      <PageMeta title="All User" description="Every account of the shop; make a user an administrator." />
      <h2 className="mb-4 text-2xl font-bold">Total User : {users.data.length}</h2>
      <DataTable columns={['No.', 'Image', 'Name', 'Email', 'Role']}>
        {users.data.map((user, index) => (
          <tr key={user._id}>
            <th>{index + 1}</th>
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
        ))}
      </DataTable>
    </section>
  );
}
