/**
 * The few line icons the workspace's compact controls use (the navigation rail, the thread's toolbar, the phone
 * dock), drawn inline so no icon package weighs on the first page load. An icon is decoration: the control that
 * carries it has the accessible name (IconButton.tsx says it once, as its label and its tooltip).
 */

/** The strokes of each icon on a 24-unit square. */
const PATHS = {
  inbox: 'M4 4h16v16H4z M4 13h4l2 3h4l2-3h4',
  activity: 'M3 12h4l3 8l4-16l3 8h4',
  contact: 'M12 4a4 4 0 1 1 0 8a4 4 0 0 1 0-8z M5 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2',
  group:
    'M9 3a4 4 0 1 1 0 8a4 4 0 0 1 0-8z M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2 M16 3.13a4 4 0 0 1 0 7.75 M22 21v-2a4 4 0 0 0-3-3.85',
  megaphone:
    'M3 10v4a1 1 0 0 0 1 1h3l6 4V5L7 9H4a1 1 0 0 0-1 1z M17 9a4 4 0 0 1 0 6 M19.5 6.5a7.5 7.5 0 0 1 0 11',
  fields: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z M8 9h8 M8 13h8 M8 17h5',
  badge:
    'M7 3h10a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z M12 8a2.5 2.5 0 1 1 0 5a2.5 2.5 0 0 1 0-5z M9 17h6',
  key: 'M8 11a4 4 0 1 1 0 8a4 4 0 0 1 0-8z M10.85 12.15L19 4 M18 5l2 2 M15 8l2 2',
  profile:
    'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18z M12 7a3 3 0 1 1 0 6a3 3 0 0 1 0-6z M6.17 18.85a6 6 0 0 1 11.66 0',
  mail: 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z M3 7l9 6l9-6',
  archive: 'M4 4h16v4H4z M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8 M10 12h4',
  restore: 'M4 4h16v4H4z M5 8v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8 M12 18v-6 M9.5 14.5L12 12l2.5 2.5',
  block: 'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18z M5.7 5.7l12.6 12.6',
  unblock: 'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18z M9 12l2 2l4-4',
  note: 'M13 20H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v8l-7 7z M13 20v-6a1 1 0 0 1 1-1h6',
  sidebar: 'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z M15 4v16',
  phone: 'M5 4h4l2 5l-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  hangUp:
    'M3 14.5v-2.3C6.3 9.1 17.7 9.1 21 12.2v2.3a1 1 0 0 1-1.2 1l-3.3-.7a1 1 0 0 1-.8-1v-1.9c-2.4-.8-5-.8-7.4 0v1.9a1 1 0 0 1-.8 1l-3.3.7A1 1 0 0 1 3 14.5z',
  microphone: 'M12 3a3 3 0 0 1 3 3v5a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3z M5 11a7 7 0 0 0 14 0 M12 18v3',
  collapse: 'M13 6l6 6l-6 6 M5 6l6 6l-6 6',
  /** Dashboard: four tiles. */
  dashboard: 'M4 4h7v9H4z M13 4h7v5h-7z M13 11h7v9h-7z M4 15h7v5H4z',
  /** Reports: a bar chart. */
  chart: 'M4 20h16 M7 16v-5 M12 16V6 M17 16v-8',
  /** Alerts: a bell. */
  bell: 'M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9 M10.3 21a1.94 1.94 0 0 0 3.4 0',
  /** Call tracking: a target. */
  target:
    'M12 3a9 9 0 1 1 0 18a9 9 0 0 1 0-18z M12 7a5 5 0 1 1 0 10a5 5 0 0 1 0-10z M12 11a1 1 0 1 1 0 2a1 1 0 0 1 0-2z',
  keyboard:
    'M4 6h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2z M6 10h.01 M10 10h.01 M14 10h.01 M18 10h.01 M7 14h10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
