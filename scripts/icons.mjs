/**
 * Writes client/components/icons/: the Lucide icons the site uses, public pages and dashboard
 * alike, as small components of their own, one module each. Lucide's React package adds a runtime
 * of about 1.5 kB (gzip) to every page that shows an icon; the public site's first load cannot
 * spare it. Run again after changing ICONS.
 * Icons from Lucide (https://lucide.dev), ISC licence.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ICONS = {
  Activity: 'activity',
  ArrowLeft: 'arrow-left',
  ArrowRight: 'arrow-right',
  BarChart3: 'bar-chart-3',
  BookOpen: 'book-open',
  BookOpenCheck: 'book-open-check',
  Building2: 'building-2',
  Calendar: 'calendar',
  Check: 'check',
  CheckCircle2: 'circle-check',
  CircleSlash: 'circle-slash',
  Clock: 'clock',
  Compass: 'compass',
  Copy: 'copy',
  Download: 'download',
  Droplets: 'droplets',
  FileText: 'file-text',
  FileUp: 'file-up',
  Globe: 'globe',
  Hammer: 'hammer',
  HandCoins: 'hand-coins',
  HandHeart: 'hand-heart',
  Handshake: 'handshake',
  HeartPulse: 'heart-pulse',
  History: 'history',
  ImagePlus: 'image-plus',
  KeyRound: 'key-round',
  Landmark: 'landmark',
  LayoutDashboard: 'layout-dashboard',
  LifeBuoy: 'life-buoy',
  LogIn: 'log-in',
  LogOut: 'log-out',
  Mail: 'mail',
  MapPin: 'map-pin',
  Megaphone: 'megaphone',
  Menu: 'menu',
  MessageSquareText: 'message-square-text',
  MessagesSquare: 'messages-square',
  Newspaper: 'newspaper',
  Pencil: 'pencil',
  Phone: 'phone',
  Plus: 'plus',
  RotateCcw: 'rotate-ccw',
  Save: 'save',
  Search: 'search',
  Settings: 'settings',
  ShieldOff: 'shield-off',
  Tag: 'tag',
  Trash2: 'trash-2',
  TrendingUp: 'trending-up',
  UserCheck: 'user-check',
  UserPlus: 'user-plus',
  UserRound: 'user-round',
  UserX: 'user-x',
  Users: 'users',
  Utensils: 'utensils',
  Wallet: 'wallet',
  X: 'x',
};

const root = path.resolve(import.meta.dirname, '..');
const lucide = path.join(root, 'node_modules/lucide-react');
const { version } = JSON.parse(fs.readFileSync(path.join(lucide, 'package.json'), 'utf8'));

/** An icon's module; some names are aliases that re-export another icon. */
function iconModule(file) {
  const full = path.join(lucide, 'dist/esm/icons', `${file}.mjs`);
  const alias = /export \{ default \} from '\.\/(.+)\.mjs'/.exec(fs.readFileSync(full, 'utf8'))?.[1];
  return alias ? iconModule(alias) : full;
}

const dir = path.join(root, 'client/components/icons');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir);
const header = `// Lucide ${version} (https://lucide.dev, ISC licence), written by scripts/icons.mjs: run it rather than editing.`;
fs.writeFileSync(
  path.join(dir, 'icon.tsx'),
  `/**
 * The site's one icon set, public pages and dashboard, one module each so a page carries only its
 * own, drawn as Lucide draws them. Written by scripts/icons.mjs from Lucide ${version}
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
      className={\`lucide lucide-\${name}\${className ? \` \${className}\` : ''}\`}
      aria-hidden="true"
    >
      {shapes.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
    </svg>
  );
`,
);
for (const [name, file] of Object.entries(ICONS)) {
  const { __iconData } = await import(iconModule(file));
  const shapes = __iconData.node.map(([tag, { key: _key, ...attrs }]) => [tag, attrs]);
  fs.writeFileSync(
    path.join(dir, `${file}.tsx`),
    `${header}\nimport { icon } from './icon';\n\nexport const ${name} = icon('${__iconData.name}', ${JSON.stringify(shapes)});\n`,
  );
}
execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', 'client/components/icons'], {
  cwd: root,
});
console.log(`Wrote ${Object.keys(ICONS).length} icons from lucide-react ${version}`);
