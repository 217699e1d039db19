/**
 * Illustrations for the demo campaigns, drawn as SVG and rasterised by sharp: the site ships no
 * photographs and the server has no internet. Each scene comes in several lights (moods), so a
 * campaign's main image and gallery images differ.
 */
import sharp from 'sharp';

export type Scene = 'camp' | 'classroom' | 'meal' | 'clinic' | 'bridge' | 'well';
export type Mood = 'day' | 'morning' | 'dusk' | 'harmattan';

const WIDTH = 1200;
const HEIGHT = 800;
const HORIZON = 520;

const BRAND = { yellow: '#FFD02F', green: '#011513' } as const;
const CLOTH = ['#FFD02F', '#2E7D5B', '#C0392B', '#1F5FA8', '#8E44AD', '#E67E22'] as const;

const SKY: Record<Mood, { top: string; bottom: string; sun: string; sunX: number; sunY: number; haze: number }> = {
  day: { top: '#6EC1EA', bottom: '#E4F5FC', sun: '#FFF3B0', sunX: 930, sunY: 140, haze: 0 },
  morning: { top: '#BFE3F2', bottom: '#FBE3B4', sun: '#FFE07A', sunX: 200, sunY: 380, haze: 0.1 },
  dusk: { top: '#3B2A5A', bottom: '#F39C4A', sun: '#FFD02F', sunX: 820, sunY: 440, haze: 0.15 },
  harmattan: { top: '#D9C7A0', bottom: '#F2E6CB', sun: '#FFF8E0', sunX: 620, sunY: 220, haze: 0.45 },
};

function backdrop(mood: Mood): string {
  const sky = SKY[mood];
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/>
    </linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#D8B26A"/><stop offset="1" stop-color="#A97F3F"/>
    </linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.9"/>
      <stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <circle cx="${sky.sunX}" cy="${sky.sunY}" r="220" fill="url(#glow)"/>
  <circle cx="${sky.sunX}" cy="${sky.sunY}" r="62" fill="${sky.sun}"/>
  <path d="M0 ${HORIZON - 40} Q 200 ${HORIZON - 120} 420 ${HORIZON - 50} T 820 ${HORIZON - 70} T 1200 ${HORIZON - 60} V ${HORIZON} H 0 Z" fill="#9C8F6E" opacity="0.55"/>
  <rect y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="url(#ground)"/>
  <path d="M0 ${HORIZON + 20} Q 300 ${HORIZON - 5} 600 ${HORIZON + 25} T 1200 ${HORIZON + 15} V ${HORIZON + 60} H 0 Z" fill="#8BA55A" opacity="0.6"/>`;
}

/** Dust in the air: the harmattan veils everything, dusk and morning a little. */
const haze = (mood: Mood) => `<rect width="${WIDTH}" height="${HEIGHT}" fill="#F4E4C1" opacity="${SKY[mood].haze}"/>`;

function acacia(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-6 0 L-4 -90 L-30 -130 M-4 -90 L24 -140 M-2 -60 L-40 -100" stroke="#4A3321" stroke-width="10" fill="none" stroke-linecap="round"/>
    <ellipse cx="-10" cy="-150" rx="110" ry="28" fill="#3F6B35"/>
    <ellipse cx="30" cy="-160" rx="70" ry="20" fill="#4F7F40"/>
  </g>`;
}

/** A standing figure in a wrapper and head tie or cap; `child` makes it smaller. */
function person(x: number, y: number, cloth: string, options: { child?: boolean; carry?: boolean } = {}): string {
  const s = options.child ? 0.65 : 1;
  const load = options.carry
    ? `<rect x="-16" y="-150" width="32" height="22" rx="4" fill="${BRAND.yellow}" stroke="${BRAND.green}" stroke-width="3"/>`
    : '';
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <rect x="-12" y="-40" width="9" height="40" rx="4" fill="#3B2416"/><rect x="3" y="-40" width="9" height="40" rx="4" fill="#3B2416"/>
    <path d="M-22 -38 L-16 -100 Q0 -110 16 -100 L22 -38 Z" fill="${cloth}"/>
    <circle cy="-116" r="15" fill="#5A3825"/>
    <path d="M-16 -122 Q0 -142 16 -122 Z" fill="${cloth}" opacity="0.85"/>
    ${load}
  </g>`;
}

function crowd(baseX: number, y: number, count: number, seed: number, childEvery = 3): string {
  return Array.from({ length: count }, (_, i) =>
    person(baseX + i * 62, y + (i % 2) * 12, CLOTH[(i + seed) % CLOTH.length]!, { child: i % childEvery === 1 }),
  ).join('');
}

function tent(x: number, y: number, fill: string): string {
  return `<g transform="translate(${x} ${y})">
    <path d="M-110 0 L0 -120 L110 0 Z" fill="${fill}"/>
    <path d="M0 -120 L110 0 L60 0 Z" fill="#000" opacity="0.12"/>
    <path d="M-22 0 L0 -60 L22 0 Z" fill="${BRAND.green}"/>
  </g>`;
}

function building(x: number, y: number, w: number, h: number, wall: string, roof: string): string {
  return `<g transform="translate(${x} ${y})">
    <rect x="0" y="${-h}" width="${w}" height="${h}" fill="${wall}"/>
    <path d="M-20 ${-h} L${w / 2} ${-h - 70} L${w + 20} ${-h} Z" fill="${roof}"/>
    <rect x="0" y="-14" width="${w}" height="14" fill="#000" opacity="0.08"/>
  </g>`;
}

const SCENES: Record<Scene, (mood: Mood) => string> = {
  camp: () => `
    ${acacia(1080, 560, 1)}
    ${tent(220, 600, '#F2F2EE')}${tent(470, 590, '#E8E4D8')}${tent(760, 610, '#F2F2EE')}
    <rect x="930" y="470" width="120" height="90" rx="8" fill="#1F5FA8"/><rect x="950" y="560" width="10" height="60" fill="#555"/><rect x="1020" y="560" width="10" height="60" fill="#555"/>
    <rect x="590" y="640" width="180" height="60" rx="6" fill="${BRAND.yellow}"/><rect x="600" y="650" width="160" height="8" fill="${BRAND.green}"/>
    ${crowd(120, 740, 6, 1)}${person(820, 730, CLOTH[3], { carry: true })}${person(900, 735, CLOTH[0], { carry: true })}`,
  classroom: (mood) => `
    ${acacia(120, 560, 0.9)}
    ${building(300, 620, 620, 220, '#F5E6B8', '#8A5A3B')}
    <rect x="300" y="600" width="620" height="20" fill="${BRAND.yellow}"/>
    ${[340, 470, 720, 850].map((wx) => `<rect x="${wx}" y="470" width="80" height="70" fill="#2B3A3A"/><rect x="${wx}" y="500" width="80" height="6" fill="#F5E6B8"/>`).join('')}
    <rect x="575" y="480" width="70" height="140" fill="${BRAND.green}"/>
    <rect x="520" y="418" width="180" height="36" rx="4" fill="${BRAND.green}"/><rect x="540" y="432" width="140" height="8" fill="${BRAND.yellow}"/>
    ${crowd(360, 760, 8, 2, 1)}
    ${mood === 'dusk' ? '' : `<rect x="990" y="520" width="8" height="220" fill="#6B6B6B"/><path d="M998 520 h70 v44 h-70 Z" fill="#008751"/><path d="M1021 520 h24 v44 h-24 Z" fill="#FFF"/>`}`,
  meal: () => `
    <rect x="140" y="430" width="920" height="20" fill="#6B4A2B"/>
    <rect x="160" y="450" width="14" height="200" fill="#6B4A2B"/><rect x="1026" y="450" width="14" height="200" fill="#6B4A2B"/>
    <path d="M120 430 L600 340 L1080 430 Z" fill="#3F6B35"/>
    ${[300, 520, 740].map((px) => `<ellipse cx="${px}" cy="640" rx="95" ry="26" fill="#2B2B2B"/><rect x="${px - 90}" y="560" width="180" height="80" rx="10" fill="#3A3A3A"/><ellipse cx="${px}" cy="560" rx="90" ry="22" fill="#C2702E"/><path d="M${px - 30} 520 q 15 -40 0 -70 M${px + 20} 520 q 15 -40 0 -70" stroke="#FFF" stroke-width="8" opacity="0.5" fill="none" stroke-linecap="round"/><path d="M${px - 70} 690 h140 l-20 40 h-100 Z" fill="#A0522D"/>`).join('')}
    ${[900, 960, 1020].map((bx, i) => `<ellipse cx="${bx}" cy="${700 + i * 10}" rx="40" ry="14" fill="${BRAND.yellow}"/><ellipse cx="${bx}" cy="${694 + i * 10}" rx="30" ry="8" fill="#F4F1E6"/>`).join('')}
    ${crowd(120, 790, 3, 4, 1)}${person(860, 780, CLOTH[1])}`,
  clinic: () => `
    ${acacia(1060, 560, 0.8)}
    ${building(240, 640, 700, 240, '#FFFFFF', '#1F5FA8')}
    <rect x="240" y="620" width="700" height="20" fill="${BRAND.green}"/>
    <rect x="540" y="440" width="100" height="100" rx="10" fill="#FFF" stroke="${BRAND.green}" stroke-width="6"/>
    <rect x="575" y="452" width="30" height="76" fill="#1E9E5A"/><rect x="552" y="475" width="76" height="30" fill="#1E9E5A"/>
    ${[290, 400, 760, 860].map((wx) => `<rect x="${wx}" y="470" width="70" height="60" fill="#9FD3E8"/>`).join('')}
    <rect x="560" y="550" width="60" height="90" fill="${BRAND.green}"/>
    <path d="M260 325 l120 -20 l0 -50 l-120 20 Z" fill="#1B2A4A"/><path d="M260 325 l120 -20" stroke="${BRAND.yellow}" stroke-width="4"/>
    ${person(420, 750, CLOTH[4])}${person(470, 760, CLOTH[0], { child: true })}${person(700, 748, '#FFFFFF')}${person(780, 755, CLOTH[5])}`,
  bridge: () => `
    <path d="M0 600 Q 300 570 600 610 T 1200 590 V 700 Q 900 720 600 690 T 0 700 Z" fill="#3C8DBC"/>
    <path d="M0 640 Q 300 620 600 650 T 1200 630" stroke="#BEE3F5" stroke-width="4" fill="none" opacity="0.7"/>
    <path d="M150 560 Q 600 470 1050 560" stroke="${BRAND.green}" stroke-width="26" fill="none"/>
    ${[250, 400, 550, 700, 850, 1000].map((px) => `<rect x="${px}" y="${px < 600 ? 540 - (px - 150) / 6 : 540 - (1050 - px) / 6}" width="12" height="${140}" fill="#555"/>`).join('')}
    <path d="M150 530 Q 600 440 1050 530" stroke="${BRAND.yellow}" stroke-width="8" fill="none"/>
    <path d="M0 560 L150 560 L130 800 L0 800 Z" fill="#B38A4B"/><path d="M1050 560 L1200 560 L1200 800 L1070 800 Z" fill="#B38A4B"/>
    ${acacia(80, 560, 0.8)}${acacia(1150, 560, 0.7)}
    ${person(420, 510, CLOTH[2], { carry: true })}${person(560, 503, CLOTH[1])}${person(620, 502, CLOTH[0], { child: true })}
    ${person(90, 770, CLOTH[3])}`,
  well: () => `
    ${acacia(180, 560, 1.1)}
    <rect x="520" y="560" width="200" height="40" rx="6" fill="#9A9A9A"/>
    <rect x="600" y="420" width="28" height="150" fill="#1F5FA8"/><path d="M614 430 l110 -40" stroke="#1F5FA8" stroke-width="14" stroke-linecap="round"/>
    <path d="M628 470 h40 v16 h-40 Z" fill="#1F5FA8"/>
    <rect x="860" y="300" width="12" height="280" fill="#555"/><path d="M790 300 l150 -40 v80 l-150 40 Z" fill="#1B2A4A"/><path d="M790 300 l150 -40" stroke="${BRAND.yellow}" stroke-width="4"/>
    <rect x="940" y="380" width="140" height="110" rx="10" fill="#F4F4F0"/><rect x="935" y="490" width="10" height="90" fill="#555"/><rect x="1075" y="490" width="10" height="90" fill="#555"/>
    ${[430, 480, 760, 810].map((jx, i) => `<rect x="${jx}" y="${610 + (i % 2) * 14}" width="40" height="54" rx="8" fill="${i % 2 ? BRAND.yellow : '#E67E22'}"/><rect x="${jx + 12}" y="${602 + (i % 2) * 14}" width="16" height="10" fill="${BRAND.green}"/>`).join('')}
    ${person(380, 760, CLOTH[4], { carry: true })}${person(560, 770, CLOTH[0], { child: true })}${person(660, 775, CLOTH[2], { child: true })}${person(900, 760, CLOTH[1], { carry: true })}`,
};

export function sceneSvg(scene: Scene, mood: Mood): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  ${backdrop(mood)}${SCENES[scene](mood)}${haze(mood)}
  <rect y="${HEIGHT - 10}" width="${WIDTH}" height="10" fill="${BRAND.green}"/>
</svg>`;
}

/** The scene as PNG bytes, ready for the upload pipeline like any admin's photo. */
export function renderScene(scene: Scene, mood: Mood): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene, mood)))
    .png()
    .toBuffer();
}
