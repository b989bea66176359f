import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { serverMessage } from '@/lib/api/client';
import { toast } from '@/lib/toast';
import { useSignup } from '../api/signup';
import { useEmailAvailability, useUsernameAvailability } from '../hooks/use-availability';
import {
  EMPTY_SIGNUP,
  errorMessages,
  firstProblem,
  signupResolver,
  type SignupContext,
  type SignupStep,
  type SignupValues,
} from '../lib/signup-rules';
import { BasicDetailsStep } from './basic-details-step';
import { ProfileDetailsStep } from './profile-details-step';
import { RolePicker } from './role-picker';
import { StepIndicator } from './step-indicator';

const STEP_TITLES = ['BASIC DETAILS', 'PROFILE DETAILS', 'CHOOSE YOUR ROLE'] as const;

export interface SignupWizardProps {
  hasConnectTarget: boolean;
  /** Called after the account exists: the page switches to LOGIN with this username filled in. */
  onSignedUp: (username: string) => void;
}

/**
 * The three-step sign-up (spec 000 §2, §4) as one react-hook-form form whose rules are the zod schema of the step
 * on screen (src/features/auth/lib/signup-rules.ts). A broken rule is shown as the spec's toast; the fields it
 * concerns are marked invalid. Nothing typed is lost on BACK or on a failed submit.
 */
export function SignupWizard({ hasConnectTarget, onSignedUp }: SignupWizardProps) {
  const [step, setStep] = useState<SignupStep>(1);
  // What the rules depend on besides the values; read by the resolver when it runs (after this render).
  const contextRef = useRef<SignupContext>({ step: 1, emailTaken: false, usernameTaken: false });
  const resolver = useCallback<ReturnType<typeof signupResolver>>(
    (...args) => signupResolver(() => contextRef.current)(...args),
    [],
  );
  const form = useForm<SignupValues>({ defaultValues: EMPTY_SIGNUP, resolver });
  const [email, username] = useWatch({ control: form.control, name: ['email', 'username'] });
  const emailStatus = useEmailAvailability(email);
  const usernameStatus = useUsernameAvailability(username);
  const signup = useSignup();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);

  useEffect(() => {
    contextRef.current = {
      step,
      emailTaken: emailStatus === 'taken',
      usernameTaken: usernameStatus === 'taken',
    };
  }, [step, emailStatus, usernameStatus]);

  // Move focus to the new step's title so keyboard and screen-reader users know where they are.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  function goTo(next: SignupStep) {
    movedRef.current = true;
    // The next step's rules start clean: nothing on it was tried yet.
    form.clearErrors();
    setStep(next);
  }

  async function onValid(values: SignupValues) {
    if (step < 3) return goTo((step + 1) as SignupStep);
    const username = values.username.trim();
    try {
      await signup.mutateAsync({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        username,
        password: values.password,
        role: values.role,
        plan: 'free',
        location: values.location.trim(),
        bio: values.bio.trim(),
        skills: values.skills,
      });
    } catch (error) {
      toast({
        title: 'Signup Failed',
        description: serverMessage(error, 'Failed to create account. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: 'Account Created',
      description: hasConnectTarget
        ? 'Your account has been created successfully. Please log in to complete the connection.'
        : 'Your account has been created successfully. Please log in.',
      variant: 'success',
    });
    movedRef.current = false;
    form.reset(EMPTY_SIGNUP);
    setStep(1);
    onSignedUp(username);
  }

  function onInvalid(errors: FieldErrors<SignupValues>) {
    const problem = firstProblem(errorMessages(errors));
    if (problem) toast({ title: problem.title, description: problem.description, variant: 'destructive' });
  }

  const title = STEP_TITLES[step - 1];
  const creating = signup.isPending;

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => {
          if (creating) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(onValid, onInvalid)(event);
        }}
        noValidate
        aria-labelledby="signup-step-title"
        className="flex flex-col gap-5"
      >
        <StepIndicator step={step} total={STEP_TITLES.length} />
        <h2
          id="signup-step-title"
          ref={headingRef}
          tabIndex={-1}
          className="font-display text-2xl font-extrabold tracking-tight focus:outline-none"
        >
          {title}
        </h2>

        {step === 1 && <BasicDetailsStep emailStatus={emailStatus} usernameStatus={usernameStatus} />}
        {step === 2 && <ProfileDetailsStep />}
        {step === 3 && (
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => <RolePicker value={field.value} onChange={field.onChange} />}
          />
        )}

        <div className="flex gap-3">
          {step > 1 && (
            <Button
              type="button"
              variant="outline"
              size="lg"
              className={step === 3 ? 'px-5' : 'flex-1'}
              disabled={creating}
              onClick={() => goTo((step - 1) as SignupStep)}
            >
              <ArrowLeft aria-hidden /> BACK
            </Button>
          )}
          {step < 3 ? (
            <Button type="submit" size="lg" className="flex-1">
              NEXT <ArrowRight aria-hidden />
            </Button>
          ) : (
            <Button type="submit" size="lg" className="min-w-0 flex-1 px-4" loading={creating}>
              {creating ? 'CREATING...' : 'CREATE ACCOUNT'}
            </Button>
          )}
        </div>
      </form>
    </FormProvider>
  );
}
