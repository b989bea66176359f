import { describe, expect, it } from 'vitest';
import {
  addSkill,
  checkBasicDetails,
  checkProfileDetails,
  checkRoleStep,
  removeSkill,
  type BasicDetails,
} from './signup-rules';

const good: BasicDetails = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada',
  password: 'Abcdefgh',
};
const free = { emailTaken: false, usernameTaken: false };

describe('step 1: BASIC DETAILS', () => {
  it.each(['firstName', 'lastName', 'email', 'username', 'password'] as const)(
    'a blank %s gives Missing Information',
    (field) => {
      expect(checkBasicDetails({ ...good, [field]: '   ' }, free)).toEqual({
        title: 'Missing Information',
        description: 'Please fill in all fields before proceeding to the next step.',
      });
    },
  );

  it('a flagged email gives Email Issue', () => {
    expect(checkBasicDetails(good, { emailTaken: true, usernameTaken: true })).toEqual({
      title: 'Email Issue',
      description: 'Email already exists. Please use a different email or try logging in.',
    });
  });

  it('a flagged username gives Username Issue', () => {
    expect(checkBasicDetails(good, { emailTaken: false, usernameTaken: true })).toEqual({
      title: 'Username Issue',
      description: 'Username already taken. Please choose a different username.',
    });
  });

  it('a score below 3 gives Password Too Weak', () => {
    expect(checkBasicDetails({ ...good, password: 'abcdefgh' }, free)).toEqual({
      title: 'Password Too Weak',
      description: 'Password must be at least 8 characters with , lowercase, numbers, and symbols.',
    });
  });

  it("checks in the spec's order: missing, then email, then username, then password", () => {
    const taken = { emailTaken: true, usernameTaken: true };
    expect(checkBasicDetails({ ...good, firstName: '', password: 'abc' }, taken)?.title).toBe(
      'Missing Information',
    );
    expect(checkBasicDetails({ ...good, password: 'abc' }, taken)?.title).toBe('Email Issue');
    expect(checkBasicDetails({ ...good, password: 'abc' }, { ...free, usernameTaken: true })?.title).toBe(
      'Username Issue',
    );
  });

  it('passes with everything filled, free names and a score of 3', () => {
    expect(checkBasicDetails(good, free)).toBeNull();
  });
});

describe('step 2: PROFILE DETAILS', () => {
  const problem = {
    title: 'Missing Information',
    description: 'Please fill in all fields and add at least one skill before proceeding.',
  };
  it('needs a location, a bio and a skill', () => {
    expect(checkProfileDetails({ location: ' ', bio: 'b', skills: ['x'] })).toEqual(problem);
    expect(checkProfileDetails({ location: 'l', bio: '', skills: ['x'] })).toEqual(problem);
    expect(checkProfileDetails({ location: 'l', bio: 'b', skills: [] })).toEqual(problem);
    expect(checkProfileDetails({ location: 'l', bio: 'b', skills: ['x'] })).toBeNull();
  });
});

describe('step 3: CHOOSE YOUR ROLE', () => {
  it('needs a username and a role', () => {
    const problem = { title: 'Missing Information', description: 'Please complete all fields.' };
    expect(checkRoleStep('', 'explorer')).toEqual(problem);
    expect(checkRoleStep('ada', null)).toEqual(problem);
    expect(checkRoleStep('ada', 'innovator')).toBeNull();
  });
});

describe('skills', () => {
  it('trims, ignores empty ones and duplicates', () => {
    let skills: string[] = [];
    skills = addSkill(skills, '  React ');
    skills = addSkill(skills, '   ');
    skills = addSkill(skills, 'React');
    skills = addSkill(skills, 'react');
    skills = addSkill(skills, 'Python');
    expect(skills).toEqual(['React', 'Python']);
    expect(removeSkill(skills, 'React')).toEqual(['Python']);
  });
});
