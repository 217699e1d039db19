/** The foundation's mark: a baobab under a northern sun, in the brand colours. Decorative. */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="logo-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="#FFD02F" />
      <path
        d="M12.5 21c0-5.3 5.2-9 11.5-9s11.5 3.7 11.5 9c0 3.1-2.7 5.2-5.8 5.2H18.3c-3.1 0-5.8-2.1-5.8-5.2z"
        fill="#011513"
      />
      <path d="M21.2 25.5h5.6l1.4 9.5h-8.4z" fill="#011513" />
      <path d="M9 36.5h30" stroke="#011513" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="33.5" cy="13" r="2.6" fill="#FFD02F" stroke="#011513" strokeWidth="1.6" />
    </svg>
  );
}
