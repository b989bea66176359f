import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { useLogin } from '../api/login';
import { useCompleteLogin } from '../hooks/use-complete-login';
import { loginSchema, MISSING_LOGIN, type LoginValues } from '../lib/login-rules';
import type { RememberedUser } from '@/lib/remembered-users';
import { PasswordInput } from '@/components/ui/password-input';

export interface LoginFormProps {
  initialUsername?: string;
  connectCode: string | null;
  /** Saves the account for quick login (remember-me ticked and a token came back). */
  onRemember: (entry: RememberedUser) => void;
  onForgotPassword: () => void;
}

export function LoginForm({
  initialUsername = '',
  connectCode,
  onRemember,
  onForgotPassword,
}: LoginFormProps) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    defaultValues: { username: initialUsername, password: '', rememberMe: false },
    resolver: zodResolver(loginSchema, undefined, { mode: 'sync' }),
  });
  const login = useLogin();
  const completeLogin = useCompleteLogin(connectCode);
  const pending = isSubmitting || login.isPending;

  async function onValid({ username, password, rememberMe }: LoginValues) {
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
    const { user, rememberToken } = answer;
    if (rememberMe && rememberToken) {
      onRemember({ username: user.username, firstName: user.firstName, rememberToken });
    }
    await completeLogin(user);
  }

  function onInvalid() {
    toast({ ...MISSING_LOGIN, variant: 'destructive' });
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      noValidate
      className="flex flex-col gap-4"
      aria-label="Login"
    >
      <FormField id="login-username" label="Username" invalid={Boolean(errors.username)}>
        <Input
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="Your username"
          {...register('username')}
        />
      </FormField>
      <FormField id="login-password" label="Password" invalid={Boolean(errors.password)}>
        <PasswordInput
          autoComplete="current-password"
          placeholder="Your password"
          {...register('password')}
        />
      </FormField>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-h-11 items-center gap-3">
          <Controller
            control={control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="login-remember"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
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
