import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { Role } from '@/lib/roles';
import { toast } from '@/lib/toast';
import { checkEmail } from '../api/check-email';
import { checkUsername } from '../api/check-username';
import { useSignup } from '../api/signup';
import { isCheckableEmail, isCheckableUsername, useAvailability } from '../hooks/use-availability';
import {
  checkBasicDetails,
  checkProfileDetails,
  checkRoleStep,
  type BasicDetails,
  type ProfileDetails,
  type StepProblem,
} from '../lib/signup-rules';
import { BasicDetailsStep } from './basic-details-step';
import { ProfileDetailsStep } from './profile-details-step';
import { RolePicker } from './role-picker';
import { serverMessage } from '../lib/server-message';
import { StepIndicator } from './step-indicator';

export interface SignupDraft extends BasicDetails, ProfileDetails {
  role: Role;
}

export const EMPTY_SIGNUP: SignupDraft = {
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  password: '',
  location: '',
  bio: '',
  skills: [],
  role: 'explorer',
};

const STEP_TITLES = ['BASIC DETAILS', 'PROFILE DETAILS', 'CHOOSE YOUR ROLE'] as const;
type Step = 1 | 2 | 3;

const emailCheck = { isCheckable: isCheckableEmail, check: checkEmail };
const usernameCheck = { isCheckable: isCheckableUsername, check: checkUsername };

function warn(problem: StepProblem) {
  toast({ title: problem.title, description: problem.description, variant: 'destructive' });
}

export interface SignupWizardProps {
  hasConnectTarget: boolean;
  /** Called after the account exists: the page switches to LOGIN with this username filled in. */
  onSignedUp: (username: string) => void;
}

/** The three-step sign-up (spec 000 §2, §4). Nothing typed is lost on BACK or on a failed submit. */
export function SignupWizard({ hasConnectTarget, onSignedUp }: SignupWizardProps) {
  const [step, setStep] = useState<Step>(1);
  const [draft, setDraft] = useState<SignupDraft>(EMPTY_SIGNUP);
  const emailStatus = useAvailability(draft.email, emailCheck);
  const usernameStatus = useAvailability(draft.username, usernameCheck);
  const signup = useSignup();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);

  // Move focus to the new step's title so keyboard and screen-reader users know where they are.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [step]);

  function goTo(next: Step) {
    movedRef.current = true;
    setStep(next);
  }

  function update(patch: Partial<SignupDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) {
      const problem = checkBasicDetails(draft, {
        emailTaken: emailStatus === 'taken',
        usernameTaken: usernameStatus === 'taken',
      });
      if (problem) return warn(problem);
      return goTo(2);
    }
    if (step === 2) {
      const problem = checkProfileDetails(draft);
      if (problem) return warn(problem);
      return goTo(3);
    }
    const problem = checkRoleStep(draft.username, draft.role);
    if (problem) return warn(problem);
    if (signup.isPending) return;
    const username = draft.username.trim();
    signup.mutate(
      {
        firstName: draft.firstName.trim(),
        lastName: draft.lastName.trim(),
        email: draft.email.trim(),
        username,
        password: draft.password,
        role: draft.role,
        plan: 'free',
        location: draft.location.trim(),
        bio: draft.bio.trim(),
        skills: draft.skills,
      },
      {
        onSuccess: () => {
          toast({
            title: 'Account Created',
            description: hasConnectTarget
              ? 'Your account has been created successfully. Please log in to complete the connection.'
              : 'Your account has been created successfully. Please log in.',
            variant: 'success',
          });
          movedRef.current = false;
          setDraft(EMPTY_SIGNUP);
          setStep(1);
          onSignedUp(username);
        },
        onError: (error) => {
          toast({
            title: 'Signup Failed',
            description: serverMessage(error, 'Failed to create account. Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  const title = STEP_TITLES[step - 1];

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="signup-step-title" className="flex flex-col gap-5">
      <StepIndicator step={step} total={STEP_TITLES.length} />
      <h2
        id="signup-step-title"
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-extrabold tracking-tight focus:outline-none"
      >
        {title}
      </h2>

      {step === 1 && (
        <BasicDetailsStep
          values={draft}
          onChange={update}
          emailStatus={emailStatus}
          usernameStatus={usernameStatus}
        />
      )}
      {step === 2 && <ProfileDetailsStep values={draft} onChange={update} />}
      {step === 3 && <RolePicker value={draft.role} onChange={(role) => update({ role })} />}

      <div className="flex gap-3">
        {step > 1 && (
          <Button
            type="button"
            variant="outline"
            size="lg"
            className={step === 3 ? 'px-5' : 'flex-1'}
            disabled={signup.isPending}
            onClick={() => goTo((step - 1) as Step)}
          >
            <ArrowLeft aria-hidden /> BACK
          </Button>
        )}
        {step < 3 ? (
          <Button type="submit" size="lg" className="flex-1">
            NEXT <ArrowRight aria-hidden />
          </Button>
        ) : (
          <Button type="submit" size="lg" className="min-w-0 flex-1 px-4" loading={signup.isPending}>
            {signup.isPending ? 'CREATING...' : 'CREATE ACCOUNT'}
          </Button>
        )}
      </div>
    </form>
  );
}
