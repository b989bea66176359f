import { Coins, Heart, MapPin, UserPlus, X } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Section } from '@/features/design-system/section';

function ProjectCard() {
  return (
    <Card className="overflow-hidden">
      <div className="relative h-36 bg-gradient-to-br from-phase-3 via-phase-4 to-phase-5 p-4">
        <span className="absolute left-4 top-4 rounded-full bg-phase-2 px-2.5 py-1 font-display text-[11px] font-bold uppercase tracking-wider text-phase-2-foreground">
          Planning
        </span>
        <span className="absolute bottom-4 left-4 font-display text-2xl font-extrabold text-on-solid drop-shadow">
          SoundSeed
        </span>
      </div>
      <div className="space-y-3 p-4">
        <div className="flex items-center gap-2">
          <Avatar name="Maya Patel" role="innovator" size="sm" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">Maya Patel</p>
            <p className="text-xs text-muted-foreground">Music · Manchester</p>
          </div>
        </div>
        <p className="text-sm">A pocket studio that turns hummed melodies into shareable loops.</p>
        <div>
          <p className="mb-1.5 font-display text-[11px] font-bold uppercase tracking-widest text-muted-foreground">
            We&apos;re looking for:
          </p>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="collaborator">Collaborator</Badge>
            <Badge variant="explorer">Explorer</Badge>
          </div>
        </div>
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="outline" aria-label="Skip SoundSeed">
            <X aria-hidden /> SKIP
          </Button>
          <Button aria-label="Support SoundSeed">
            <Heart aria-hidden /> SUPPORT
          </Button>
        </div>
      </div>
    </Card>
  );
}

function PersonCard() {
  return (
    <Card className="flex items-center gap-3 p-4">
      <Avatar name="Jonas Berg" role="collaborator" size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <p className="truncate font-display font-bold">Jonas Berg</p>
          <Badge variant="collaborator">Collaborator</Badge>
        </div>
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <MapPin className="size-3" aria-hidden /> Bristol, UK
        </p>
        <div className="mt-1.5 flex gap-1.5">
          {['React', 'Figma'].map((s) => (
            <span key={s} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">
              {s}
            </span>
          ))}
        </div>
      </div>
      <Button size="icon" variant="secondary" aria-label="Connect with Jonas">
        <UserPlus aria-hidden />
      </Button>
    </Card>
  );
}

function CoinTile() {
  return (
    <div className="rounded-2xl bg-coin p-4 text-coin-foreground shadow-soft">
      <div className="flex items-center justify-between">
        <p className="font-display text-xs font-bold uppercase tracking-widest">Your Coins</p>
        <Coins className="size-5" aria-hidden />
      </div>
      <p className="mt-2 font-display text-4xl font-extrabold tabular-nums">12,450</p>
      <p className="text-sm font-medium">Fresher III · 2,550 coins to Impact Maker I</p>
      <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-coin-foreground/15">
        <div className="h-full w-3/4 rounded-full bg-coin-foreground" />
      </div>
    </div>
  );
}

export function ExamplesSection() {
  return (
    <>
      <Section title="Project card">
        <ProjectCard />
      </Section>
      <Section title="Person card">
        <PersonCard />
      </Section>
      <Section title="Coin tile">
        <div className="grid grid-cols-1 gap-3">
          <CoinTile />
        </div>
      </Section>
    </>
  );
}
