import { describe, expect, it } from 'vitest';
import {
  clampComposerHeight,
  composerBounds,
  composerKeyAction,
  defaultComposerHeight,
  heightPercent,
  resizeByKey,
} from './composer-logic';

describe('composer keys (spec §2)', () => {
  it('Enter sends, Shift+Enter is left to the textarea as a newline', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true, isComposing: false })).toBe('default');
  });

  it('Enter that confirms an input-method candidate does not send', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('default');
  });

  it('other keys type normally', () => {
    expect(composerKeyAction({ key: 'a', shiftKey: false, isComposing: false })).toBe('default');
  });
});

describe('composer height (spec §9: default 25%, max 60%, min 200 px)', () => {
  it('starts at 25% of the column', () => {
    expect(defaultComposerHeight(1000)).toBe(250);
  });

  it('never goes below 200 px, even when 25% is less', () => {
    expect(defaultComposerHeight(600)).toBe(200);
    expect(clampComposerHeight(50, 1000)).toBe(200);
  });

  it('never goes above 60% of the column', () => {
    expect(clampComposerHeight(900, 1000)).toBe(600);
  });

  it('keeps the 200 px floor when the column is too short for 60% to reach it', () => {
    expect(composerBounds(300)).toEqual({ min: 200, max: 200 });
  });

  it('reports its height as a percentage of the column', () => {
    expect(heightPercent(250, 1000)).toBe(25);
    expect(heightPercent(100, 0)).toBe(0);
  });
});

describe('keyboard resize steps on the separator (spec §9: 10%, 100% with Shift)', () => {
  it('ArrowUp grows and ArrowDown shrinks by 10% of the column', () => {
    expect(resizeByKey(250, 1000, 'ArrowUp', false)).toBe(350);
    expect(resizeByKey(350, 1000, 'ArrowDown', false)).toBe(250);
  });

  it('a step stops at the limits', () => {
    expect(resizeByKey(550, 1000, 'ArrowUp', false)).toBe(600);
    expect(resizeByKey(250, 1000, 'ArrowDown', false)).toBe(200);
  });

  it('Shift makes a step 100%, so one press reaches a limit', () => {
    expect(resizeByKey(250, 1000, 'ArrowUp', true)).toBe(600);
    expect(resizeByKey(600, 1000, 'ArrowDown', true)).toBe(200);
  });

  it('Home and End jump to the limits; other keys are not handled', () => {
    expect(resizeByKey(400, 1000, 'Home', false)).toBe(200);
    expect(resizeByKey(400, 1000, 'End', false)).toBe(600);
    expect(resizeByKey(400, 1000, 'ArrowLeft', false)).toBeUndefined();
  });
});
