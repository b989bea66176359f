import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useEndedSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { BrandHero } from '../components/brand-hero';
import { ConnectBanner } from '../components/connect-banner';
import { ForgotPasswordDialog } from '../components/forgot-password-dialog';
import { LoginForm } from '../components/login-form';
import { NewPasswordDialog } from '../components/new-password-dialog';
import { QuickLogin } from '../components/quick-login';
import { SessionEndedNote } from '../components/session-ended-note';
import { SignupWizard } from '../components/signup-wizard';
import { useConnectTarget } from '../hooks/use-connect-target';
import { useRememberedUsers } from '../hooks/use-remembered-users';
import { useResetToken } from '../hooks/use-reset-token';

type Tab = 'login' | 'signup';

/**
 * The authentication page (spec 000 §2): LOGIN and SIGN UP tabs, quick login for saved accounts,
 * the reset-password dialog, the 'Choose a new password' dialog of an emailed `?reset={token}` link,
 * the connect-by-link banner, and a line saying so when the session ended without the person asking. `?auto=true` is ignored on purpose.
 */
export default function AuthScreen() {
  const connect = useConnectTarget();
  const { users, remember, forget } = useRememberedUsers();
  const reset = useResetToken();
  const ended = useEndedSession();
  const search = useSearch();
  // A shared project's Sign up opens this page on its SIGN UP tab (`?tab=signup`).
  const [tab, setTab] = useState<Tab>(() =>
    new URLSearchParams(search).get('tab') === 'signup' ? 'signup' : 'login',
  );
  const [resetOpen, setResetOpen] = useState(false);
  // Bumped after a sign-up so the login form starts again with the new username filled in.
  const [prefill, setPrefill] = useState({ username: '', version: 0 });
  const announcedRef = useRef(false);
  const hasConnectTarget = connect.raw !== null;

  useEffect(() => {
    if (!hasConnectTarget || announcedRef.current) return;
    announcedRef.current = true;
    toast({
      title: 'Connection Request',
      description: 'Log in or sign up to connect with this user.',
      duration: 5000,
    });
  }, [hasConnectTarget]);

  function onPasswordReset() {
    reset.clear();
    setTab('login');
  }

  function onSignedUp(username: string) {
    setPrefill((p) => ({ username, version: p.version + 1 }));
    setTab('login');
  }

  return (
    <main className="relative isolate min-h-dvh overflow-x-hidden bg-background pb-safe pt-safe-flow">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_70%_at_20%_0%,color-mix(in_oklab,var(--innovator)_28%,transparent),transparent),radial-gradient(55%_60%_at_85%_10%,color-mix(in_oklab,var(--primary)_30%,transparent),transparent),radial-gradient(50%_60%_at_50%_40%,color-mix(in_oklab,var(--explorer)_18%,transparent),transparent)]"
      />
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 pb-10 pt-10 sm:pt-16">
        <BrandHero />
        {ended && <SessionEndedNote />}
        {hasConnectTarget && <ConnectBanner />}
        <Card className="p-2 shadow-lift">
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList aria-label="Log in or sign up">
              <TabsTrigger value="login">LOGIN</TabsTrigger>
              <TabsTrigger value="signup">SIGN UP</TabsTrigger>
            </TabsList>
            {/* Both panels stay mounted so nothing typed is lost when switching tabs. */}
            <TabsContent value="login" forceMount hidden={tab !== 'login'}>
              <CardContent className="px-3 pb-3 pt-2">
                <LoginForm
                  key={prefill.version}
                  initialUsername={prefill.username}
                  connectCode={connect.code}
                  onRemember={remember}
                  onForgotPassword={() => setResetOpen(true)}
                />
              </CardContent>
            </TabsContent>
            <TabsContent value="signup" forceMount hidden={tab !== 'signup'}>
              <CardContent className="px-3 pb-3 pt-2">
                <SignupWizard hasConnectTarget={hasConnectTarget} onSignedUp={onSignedUp} />
              </CardContent>
            </TabsContent>
          </Tabs>
        </Card>
        <QuickLogin users={users} connectCode={connect.code} onRemember={remember} onForget={forget} />
      </div>
      <ForgotPasswordDialog open={resetOpen} onOpenChange={setResetOpen} />
      <NewPasswordDialog token={reset.token} onCancel={reset.clear} onPasswordReset={onPasswordReset} />
    </main>
  );
}

export { AuthScreen };
