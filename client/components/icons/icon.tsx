/**
 * The site's one icon set, public pages and dashboard, one module each so a page carries only its
 * own, drawn as Lucide draws them. Written by scripts/icons.mjs from Lucide 1.75.0
 * (https://lucide.dev, ISC licence).
 */
import { createElement } from 'react';

/** Icons here are decoration beside text that says the same: always hidden from assistive technology. */
export interface IconProps {
  size?: number;
  className?: string;
  'aria-hidden'?: 'true';
}
export type Icon = (props: IconProps) => React.ReactNode;

type Shape = [tag: string, attributes: Record<string, string>];

/** An icon drawn like Lucide's: a 24-unit grid, stroked in the current colour. */
export const icon =
  (name: string, shapes: Shape[]): Icon =>
  ({ size = 24, className }) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
    >
      {shapes.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
