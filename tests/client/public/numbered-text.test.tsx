import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NumberedText } from '../../../client/components/numbered-text';

describe('NumberedText', () => {
  it('turns consecutive numbered lines into one ordered list between paragraphs', () => {
    const { container } = render(
      <NumberedText text={'The challenge:\n1. No borehole within 5 km\n2) Seasonal streams dry up\n\nWe will help.'} />,
    );
    const blocks = [...(container.firstElementChild?.children ?? [])].map((el) => el.tagName);
    expect(blocks).toEqual(['P', 'OL', 'P']);
    const items = [...container.querySelectorAll('ol > li')].map((li) => li.textContent);
    expect(items).toEqual(['No borehole within 5 km', 'Seasonal streams dry up']);
  });

  it('renders plain text as paragraphs only', () => {
    const { container } = render(<NumberedText text={'One line.\nAnother line.'} />);
    expect(container.querySelectorAll('ol')).toHaveLength(0);
    expect(container.querySelectorAll('p')).toHaveLength(2);
  });
});
