import { cn } from '@/lib/cn';
import { BothThemes, Section } from '@/features/design-system/section';

const ROLES = [
  { name: 'Innovator', solid: 'bg-innovator', soft: 'bg-innovator-soft text-innovator-ink', note: 'orange' },
  {
    name: 'Collaborator',
    solid: 'bg-collaborator',
    soft: 'bg-collaborator-soft text-collaborator-ink',
    note: 'green',
  },
  { name: 'Explorer', solid: 'bg-explorer', soft: 'bg-explorer-soft text-explorer-ink', note: 'blue' },
  { name: 'Investor', solid: 'bg-investor', soft: 'bg-investor-soft text-investor-ink', note: 'teal' },
];

const PHASES = [
  { name: 'Idea', cls: 'bg-phase-1 text-phase-1-foreground' },
  { name: 'Planning', cls: 'bg-phase-2 text-phase-2-foreground' },
  { name: 'Prototype', cls: 'bg-phase-3 text-phase-3-foreground' },
  { name: 'Development', cls: 'bg-phase-4 text-phase-4-foreground' },
  { name: 'Launch', cls: 'bg-phase-5 text-phase-5-foreground' },
];

const NEUTRALS = [
  { name: 'background', cls: 'bg-background text-foreground' },
  { name: 'card', cls: 'bg-card text-card-foreground' },
  { name: 'muted', cls: 'bg-muted text-muted-foreground' },
  { name: 'border', cls: 'bg-border text-foreground' },
  { name: 'foreground', cls: 'bg-foreground text-background' },
  { name: 'primary', cls: 'bg-primary text-primary-foreground' },
  { name: 'secondary', cls: 'bg-secondary text-secondary-foreground' },
  { name: 'destructive', cls: 'bg-destructive text-destructive-foreground' },
  { name: 'success', cls: 'bg-success text-success-foreground' },
];

function Chip({ cls, label, sub }: { cls: string; label: string; sub?: string }) {
  return (
    <div
      className={cn('flex min-h-16 flex-col justify-end rounded-xl border border-foreground/5 p-2.5', cls)}
    >
      <span className="font-display text-sm font-bold leading-tight">{label}</span>
      {sub && <span className="text-[11px]">{sub}</span>}
    </div>
  );
}

export function ColorsSection() {
  return (
    <>
      <Section
        title="Roles"
        description="Solid for discs and fills (white text passes AA), soft + ink for badges."
      >
        <BothThemes>
          <div className="grid grid-cols-2 gap-2">
            {ROLES.map((role) => (
              <div key={role.name} className="space-y-1.5">
                <Chip cls={cn(role.solid, 'text-on-solid')} label={role.name} sub={role.note} />
                <div
                  className={cn(
                    'rounded-lg px-2.5 py-1.5 font-display text-xs font-bold uppercase tracking-wider',
                    role.soft,
                  )}
                >
                  {role.name}
                </div>
              </div>
            ))}
          </div>
        </BothThemes>
      </Section>

      <Section title="Phase scale" description="Purple, light to deep: idea → launch.">
        <BothThemes>
          <div className="grid grid-cols-5 gap-1.5">
            {PHASES.map((phase, i) => (
              <div
                key={phase.name}
                className={cn('flex h-20 flex-col justify-end rounded-lg p-1.5', phase.cls)}
              >
                <span className="font-display text-base font-extrabold">{i + 1}</span>
                <span className="truncate text-[10px] font-semibold">{phase.name}</span>
              </div>
            ))}
          </div>
        </BothThemes>
      </Section>

      <Section title="Coin gold">
        <BothThemes>
          <div className="grid grid-cols-3 gap-2">
            <Chip cls="bg-coin text-coin-foreground" label="coin" />
            <Chip cls="bg-coin-soft text-coin-ink" label="coin-soft" />
            <Chip cls="bg-card text-coin-ink border-border" label="coin-ink" />
          </div>
        </BothThemes>
      </Section>

      <Section title="Neutrals and meaning">
        <BothThemes>
          <div className="grid grid-cols-3 gap-2">
            {NEUTRALS.map((n) => (
              <Chip key={n.name} cls={n.cls} label={n.name} />
            ))}
          </div>
        </BothThemes>
      </Section>
    </>
  );
}
