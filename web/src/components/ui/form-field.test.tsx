import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

describe('FormField', () => {
  it('labels its control', () => {
    render(
      <FormField id="bio" label="Bio">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Bio');
    expect(input).toHaveAttribute('id', 'bio');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('ties the hint and the error to the control and marks it invalid', () => {
    render(
      <FormField id="email" label="Email" hint={<span>We never share it.</span>} error="Email is required">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it. Email is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(screen.getByRole('alert')).toHaveAttribute('id', 'email-error');
  });

  it('can mark the control invalid without a message of its own', () => {
    render(
      <FormField id="username" label="Username" invalid>
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
