import { Avatar, type AvatarSize } from '@fluentui/react-components';
import { safeImageURL } from './chat/images';

/**
 * A person's or group's avatar: their picture when its address is a web or relative one, else the
 * initials of `name` on a colour picked from it. Decorative (the name is shown beside it).
 */
export function FaceAvatar(props: {
  readonly name: string;
  readonly faceURL: string;
  readonly size: AvatarSize;
  readonly className?: string;
}) {
  const image = safeImageURL(props.faceURL);
  return (
    <Avatar
      name={props.name}
      size={props.size}
      color="colorful"
      aria-hidden
      {...(props.className === undefined ? {} : { className: props.className })}
      {...(image === undefined ? {} : { image: { src: image } })}
    />
  );
}
