export { Placeholder } from './Placeholder';
export type { PlaceholderProps } from './Placeholder';
