import { Star } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { Section } from '@/features/design-system/section';

const BADGES: BadgeVariant[] = [
  'default',
  'explorer',
  'collaborator',
  'innovator',
  'investor',
  'coin',
  'outline',
];
const SPACING = [1, 2, 3, 4, 6, 8, 12];
const RADII = [
  { name: 'sm', cls: 'rounded-sm' },
  { name: 'md', cls: 'rounded-md' },
  { name: 'lg', cls: 'rounded-lg' },
  { name: 'xl', cls: 'rounded-xl' },
  { name: '2xl', cls: 'rounded-2xl' },
  { name: 'full', cls: 'rounded-full' },
];

export function ComponentsSection() {
  return (
    <>
      <Section title="Spacing, radius, shadows" description="4 px steps; six radii; two shadows.">
        <div className="space-y-4 rounded-2xl border border-border bg-card p-4">
          <div className="flex items-end gap-3">
            {SPACING.map((n) => (
              <div key={n} className="flex flex-col items-center gap-1">
                <span className="block bg-primary" style={{ width: `${n * 4}px`, height: `${n * 4}px` }} />
                <span className="text-[11px] text-muted-foreground">{n * 4}</span>
              </div>
            ))}
          </div>
          <div className="grid grid-cols-6 gap-2">
            {RADII.map((r) => (
              <div key={r.name} className="flex flex-col items-center gap-1">
                <span className={cn('block size-10 border-2 border-primary bg-primary-soft', r.cls)} />
                <span className="text-[11px] text-muted-foreground">{r.name}</span>
              </div>
            ))}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="rounded-xl bg-card p-4 text-center text-sm font-semibold shadow-soft">
              shadow-soft
            </div>
            <div className="rounded-xl bg-card p-4 text-center text-sm font-semibold shadow-lift">
              shadow-lift
            </div>
          </div>
        </div>
      </Section>

      <Section title="Badges">
        <div className="flex flex-wrap gap-2">
          {BADGES.map((variant) => (
            <Badge key={variant} variant={variant}>
              {variant === 'coin' && <Star aria-hidden />}
              {variant}
            </Badge>
          ))}
        </div>
      </Section>

      <Section
        title="Avatars"
        description="A photo, or initials on the role colour when there is none or it fails."
      >
        <div className="flex flex-wrap items-center gap-3">
          <Avatar name="Ada Lovelace" src="/icons/icon-192.png" size="lg" />
          <Avatar name="Ada Lovelace" role="innovator" size="lg" />
          <Avatar name="Grace Hopper" role="collaborator" size="md" />
          <Avatar name="Alan Turing" role="explorer" size="md" />
          <Avatar name="Katherine Johnson" role="investor" size="sm" />
          <Avatar name="Broken Image" role="explorer" src="data:image/png;base64,broken" size="sm" />
        </div>
      </Section>

      <Section title="Card">
        <Card>
          <CardHeader>
            <CardTitle>Daily scratch card</CardTitle>
            <CardDescription>Once every 24 hours, 10 to 100 coins.</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm">Cards group one thing: a project, a person, a reward.</p>
          </CardContent>
          <CardFooter>
            <Button size="sm">SCRATCH</Button>
          </CardFooter>
        </Card>
      </Section>

      <Section
        title="Dialog"
        description="A bottom sheet on phones, a centred card on wide screens; focus stays inside."
      >
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline">OPEN DIALOG</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Level System</DialogTitle>
              <DialogDescription>Earn lifetime coins to climb from Fresher I to Legend.</DialogDescription>
            </DialogHeader>
            <p className="text-sm">One coin is about four minutes of effort.</p>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="ghost">CANCEL</Button>
              </DialogClose>
              <DialogClose asChild>
                <Button>GOT IT</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </Section>

      <Section title="Tabs">
        <Tabs defaultValue="connect">
          <TabsList>
            <TabsTrigger value="connect">Connect</TabsTrigger>
            <TabsTrigger value="collab">Collab</TabsTrigger>
          </TabsList>
          <TabsContent value="connect" className="rounded-xl bg-muted/60 p-4 text-sm">
            Connection requests show here.
          </TabsContent>
          <TabsContent value="collab" className="rounded-xl bg-muted/60 p-4 text-sm">
            Collaboration requests show here.
          </TabsContent>
        </Tabs>
      </Section>

      <Section title="Toasts" description="One at a time; a new one replaces the old; 5 s.">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => toast({ title: 'Profile updated' })}>
            DEFAULT
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              toast({
                title: 'Connected!',
                description: 'You have successfully connected with this user.',
                variant: 'success',
              })
            }
          >
            SUCCESS
          </Button>
          <Button
            variant="destructive"
            onClick={() =>
              toast({
                title: 'Login Failed',
                description: 'Invalid credentials. Please try again.',
                variant: 'destructive',
              })
            }
          >
            DESTRUCTIVE
          </Button>
        </div>
      </Section>

      <Section title="Loading" description="Skeletons keep the shape, so nothing jumps when data arrives.">
        <div className="flex items-center gap-3 rounded-2xl border border-border bg-card p-4">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
          <Spinner className="text-primary" />
        </div>
      </Section>
    </>
  );
}
