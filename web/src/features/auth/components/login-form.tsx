import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import type { RememberedUser } from '../lib/remembered-users';
import { serverMessage } from '../lib/server-message';
import { Field } from './field';
import { PasswordInput } from './password-input';

export interface LoginFormProps {
  initialUsername?: string;
  connectTargetId: number | null;
  /** Saves the account for quick login (remember-me ticked and a token came back). */
  onRemember: (entry: RememberedUser) => void;
  onForgotPassword: () => void;
}

export function LoginForm({
  initialUsername = '',
  connectTargetId,
  onRemember,
  onForgotPassword,
}: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const login = useLogin();
  const completeLogin = useCompleteLogin(connectTargetId);
  const pending = login.isPending || finishing;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (username.trim() === '' || password.trim() === '') {
      toast({
        title: 'Missing Information',
        description: 'Please enter both username and password.',
        variant: 'destructive',
      });
      return;
    }
    let answer;
    try {
      answer = await login.mutateAsync({ username: username.trim(), password, rememberMe });
    } catch (error) {
      toast({
        title: 'Login Failed',
        description: serverMessage(error, 'Invalid credentials. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    setFinishing(true);
    try {
      const { user, rememberToken } = answer;
      if (rememberMe && rememberToken) {
        onRemember({ username: user.username, firstName: user.firstName, rememberToken });
      }
      await completeLogin(user);
    } finally {
      setFinishing(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Login"
    >
      <Field id="login-username" label="Username">
        <Input
          id="login-username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="Your username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </Field>
      <Field id="login-password" label="Password">
        <PasswordInput
          id="login-password"
          name="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-h-11 items-center gap-3">
          <Checkbox id="login-remember" checked={rememberMe} onCheckedChange={setRememberMe} />
          <Label htmlFor="login-remember" className="cursor-pointer">
            Remember me
          </Label>
        </div>
        <Button
          type="button"
          variant="link"
          size="sm"
          className="font-display text-xs font-bold tracking-wide"
          onClick={onForgotPassword}
        >
          FORGOT PASSWORD?
        </Button>
      </div>
      <Button type="submit" size="lg" loading={pending} className="w-full">
        {pending ? 'LOGGING IN...' : 'LOGIN'}
      </Button>
    </form>
  );
}
