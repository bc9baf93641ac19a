export const DEFAULT_AVATAR = '/images/default-avatar.svg';

/** A round user picture, or the default one when the user has none. */
export function Avatar({
  src,
  name,
  size = 'size-12',
}: {
  src: string | null | undefined;
  name: string;
  size?: string;
}) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={`${name}'s picture`}
      className={`${size} bg-base-200 ring-base-300 rounded-full object-cover ring-2`}
      referrerPolicy="no-referrer"
    />
  );
}
