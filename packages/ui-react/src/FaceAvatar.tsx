import { Avatar, type AvatarSize } from '@fluentui/react-components';
import { safeImageURL } from './chat/images';

/**
 * The one avatar of a person or a group, wherever it shows: their picture when its address is a web or
 * relative one, else the initials of `name` on a colour picked from it (the same colour in every list, and
 * readable in both themes, where Fluent's neutral avatar is grey on grey). Groups are rounded squares,
 * people circles. Decorative (the name is shown beside it) unless `label` names it.
 */
export function FaceAvatar(props: {
  readonly name: string;
  readonly faceURL: string;
  readonly size: AvatarSize;
  readonly group?: boolean;
  readonly label?: string;
  readonly className?: string;
}) {
  const image = safeImageURL(props.faceURL);
  return (
    <Avatar
      name={props.name}
      size={props.size}
      color="colorful"
      shape={props.group === true ? 'square' : 'circular'}
      {...(props.label === undefined ? { 'aria-hidden': true } : { 'aria-label': props.label })}
      {...(props.className === undefined ? {} : { className: props.className })}
      {...(image === undefined ? {} : { image: { src: image } })}
    />
  );
}
