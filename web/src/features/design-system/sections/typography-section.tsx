import { Section } from '@/features/design-system/section';

const SCALE = [
  { cls: 'text-4xl font-extrabold font-display', name: 'Display · 36', sample: 'Build it together' },
  { cls: 'text-3xl font-extrabold font-display', name: 'H1 · 30', sample: 'Explore projects' },
  { cls: 'text-2xl font-bold font-display', name: 'H2 · 24', sample: 'Top earners' },
  { cls: 'text-xl font-bold font-display', name: 'H3 · 20', sample: 'Project overview' },
  { cls: 'text-lg font-semibold font-display', name: 'Title · 18', sample: 'Daily scratch card' },
  {
    cls: 'text-base',
    name: 'Body · 16',
    sample: 'A collaboration platform built for creatives, by creatives.',
  },
  { cls: 'text-sm', name: 'Small · 14', sample: 'Building the future, one project at a time.' },
  { cls: 'text-xs', name: 'Caption · 12', sample: 'Updated 2 minutes ago' },
];

export function TypographySection() {
  return (
    <>
      <Section title="Faces" description="Bricolage Grotesque for headings and labels, Inter for reading.">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-2xl border border-border bg-card p-4">
            <p className="font-display text-4xl font-extrabold">Aa</p>
            <p className="font-display font-bold">Bricolage Grotesque</p>
            <p className="text-sm text-muted-foreground">Display · headings, labels, buttons</p>
          </div>
          <div className="rounded-2xl border border-border bg-card p-4">
            <p className="text-4xl font-semibold">Aa</p>
            <p className="font-semibold">Inter</p>
            <p className="text-sm text-muted-foreground">Text · body, inputs, chat</p>
          </div>
        </div>
      </Section>
      <Section title="Type scale">
        <div className="divide-y divide-border rounded-2xl border border-border bg-card">
          {SCALE.map((row) => (
            <div key={row.name} className="p-4">
              <p className="mb-1 font-display text-[11px] font-bold uppercase tracking-widest text-muted-foreground">
                {row.name}
              </p>
              <p className={row.cls}>{row.sample}</p>
            </div>
          ))}
        </div>
      </Section>
      <Section title="Calls to action" description="Uppercase display labels, as the product speaks.">
        <div className="flex flex-wrap gap-2 font-display text-sm font-extrabold tracking-wider">
          {[
            'CONNECT & GET STARTED',
            'CREATE ACCOUNT',
            'TOP EARNERS',
            'EARN COINS • CLAIM REWARDS • LEVEL UP',
          ].map((t) => (
            <span key={t} className="rounded-full bg-primary-soft px-3 py-1.5 text-primary-soft-foreground">
              {t}
            </span>
          ))}
        </div>
      </Section>
    </>
  );
}
