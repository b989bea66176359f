import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SkillsInput } from './skills-input';

describe('SkillsInput', () => {
  it('adds a skill on Enter, but not on the Enter that picks a candidate while Japanese is being typed', () => {
    const onChange = vi.fn();
    render(<SkillsInput skills={[]} onChange={onChange} />);
    const box = screen.getByPlaceholderText('e.g. React, UI/UX Design');
    fireEvent.change(box, { target: { value: 'にほんご' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '日本語' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith(['日本語']);
  });
});
