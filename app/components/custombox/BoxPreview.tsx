/**
 * A drawn preview (SVG) of a custom box filling up: the open box seen from above in its model's
 * wood, one slot per cigar of its capacity, each chosen cigar drawn to scale (length in mm, ring
 * gauge) with a band, and the gift card or the engraved brass plate with the customer's text.
 * Pure drawing: the text alternative is given by the caller (`label`).
 */
export type PreviewCigar = { id: string; lengthMm: number | null; ringGauge: number | null; hue: number };

const WOODS: Record<string, { frame: string; inner: string; grain: string }> = {
  cedar: { frame: '#9a5b32', inner: '#c98f5d', grain: '#7d4522' },
  mahogany: { frame: '#5e2218', inner: '#8c3b28', grain: '#451710' },
  ebony: { frame: '#1d1714', inner: '#3a2e27', grain: '#0d0a08' },
  leather: { frame: '#6b3f22', inner: '#a8764a', grain: '#4f2c16' },
};

/** A stable warm hue for a product id (tobacco browns, 15..40 degrees). */
export function hueOf(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return 15 + (h % 26);
}

/** Splits a text into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    const next = cur ? `${cur} ${w}` : w;
    if (next.length > width && cur) {
      lines.push(cur);
      cur = w.length > width ? `${w.slice(0, width - 1)}…` : w;
    } else cur = next.length > width ? `${next.slice(0, width - 1)}…` : next;
    if (lines.length === maxLines) break;
  }
  if (cur && lines.length < maxLines) lines.push(cur);
  if (lines.length === maxLines && words.join(' ').length > lines.join(' ').length) lines[maxLines - 1] = `${lines[maxLines - 1].slice(0, width - 1)}…`;
  return lines;
}

export function BoxPreview({
  drawing,
  capacity,
  cigars,
  messageKind,
  message,
  label,
}: {
  drawing: string;
  capacity: number;
  cigars: PreviewCigar[];
  messageKind: 'card' | 'engraving';
  message: string;
  label: string;
}) {
  const wood = WOODS[drawing] ?? WOODS.cedar;
  const cols = capacity <= 10 ? Math.min(capacity, 10) : Math.ceil(capacity / Math.ceil(capacity / 13));
  const rows = Math.ceil(capacity / cols);
  const W = 480;
  const pad = 26;
  const innerW = W - pad * 2;
  const slotW = innerW / cols;
  const slotH = rows === 1 ? 250 : rows === 2 ? 150 : 104;
  const innerH = slotH * rows;
  const plate = messageKind === 'engraving' ? 44 : 0;
  const H = innerH + pad * 2 + plate;
  const shown = cigars.slice(0, capacity);
  const engraving = messageKind === 'engraving' ? message.trim() : '';
  const card = messageKind === 'card' ? message.trim() : '';
  const cardLines = card ? wrap(card, 22, 4) : [];
  return (
    <svg viewBox={`0 0 ${W} ${H + (card ? 40 : 0)}`} role="img" aria-label={label} className="cb-preview-svg" data-testid="box-preview">
      <defs>
        <linearGradient id="cb-sheen" x1="0" x2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.18" />
          <stop offset="0.5" stopColor="#fff" stopOpacity="0" />
          <stop offset="1" stopColor="#000" stopOpacity="0.18" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width={W - 4} height={H - 4} rx="14" fill={wood.frame} stroke={wood.grain} strokeWidth="3" />
      {[0.22, 0.48, 0.74].map((f) => (
        <path key={f} d={`M10 ${H * f} q ${W / 4} -8 ${W / 2} 0 t ${W / 2 - 20} 0`} stroke={wood.grain} strokeOpacity="0.35" fill="none" strokeWidth="2" />
      ))}
      <rect x={pad} y={pad} width={innerW} height={innerH} rx="6" fill={wood.inner} stroke={wood.grain} strokeWidth="2" />
      {Array.from({ length: rows * cols }, (_, i) => {
        if (i >= capacity) return null;
        const r = Math.floor(i / cols);
        const c = i % cols;
        const cx = pad + c * slotW + slotW / 2;
        const top = pad + r * slotH + 8;
        const maxH = slotH - 16;
        const cigar = shown[i];
        if (!cigar)
          return (
            <rect
              key={i}
              x={cx - Math.min(slotW * 0.32, 14)}
              y={top}
              width={Math.min(slotW * 0.64, 28)}
              height={maxH}
              rx="10"
              fill="none"
              stroke={wood.grain}
              strokeOpacity="0.55"
              strokeDasharray="5 5"
              strokeWidth="2"
            />
          );
        const len = Math.max(0.55, Math.min(1, (cigar.lengthMm ?? 140) / 180));
        const h = maxH * len;
        const w = Math.max(8, Math.min(slotW * 0.78, ((cigar.ringGauge ?? 50) / 64) * Math.min(slotW * 0.95, 40)));
        const y = top + (maxH - h) / 2;
        return (
          <g key={i} data-testid="preview-cigar">
            <rect x={cx - w / 2} y={y} width={w} height={h} rx={w / 2} fill={`hsl(${cigar.hue} 42% 28%)`} />
            <rect x={cx - w / 2} y={y} width={w} height={h} rx={w / 2} fill="url(#cb-sheen)" />
            <rect x={cx - w / 2} y={y + h * 0.16} width={w} height={Math.max(6, h * 0.08)} fill="#c9a24a" />
            <circle cx={cx} cy={y + h * 0.16 + Math.max(3, h * 0.04)} r={Math.max(2, w * 0.18)} fill="#7a1f1f" />
          </g>
        );
      })}
      {plate > 0 && (
        <g>
          <rect x={W / 2 - 150} y={H - pad - plate + 10} width="300" height="34" rx="4" fill="#c9a24a" stroke="#8a6a2f" strokeWidth="2" />
          <text x={W / 2} y={H - pad - plate + 33} textAnchor="middle" fontFamily="Georgia, serif" fontSize="17" fontStyle="italic" fill="#3b2a12">
            {engraving || ' '}
          </text>
        </g>
      )}
      {card && (
        <g transform={`rotate(-4 ${W - 120} ${H - 40})`}>
          <rect x={W - 232} y={H - 96 + 20} width="210" height={34 + cardLines.length * 20} rx="4" fill="#fffaf0" stroke="#b9a27d" />
          <path d={`M${W - 222} ${H - 96 + 34} h 190`} stroke="#c9a24a" strokeWidth="2" />
          {cardLines.map((l, i) => (
            <text key={i} x={W - 127} y={H - 96 + 58 + i * 20} textAnchor="middle" fontFamily="Georgia, serif" fontSize="15" fontStyle="italic" fill="#3b2a12">
              {l}
            </text>
          ))}
        </g>
      )}
    </svg>
  );
}
