import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { loadI18n, switchLocale } from './i18n';
import { useText } from './text';
import { UI_MESSAGES } from './ui-messages';

function Label() {
  const { t } = useText();
  return (
    <p>
      {t('ui.chat.messages.empty')} | {t('ui.sync.progress', { percent: 42 })}
    </p>
  );
}

describe('useText', () => {
  it('a text without parameters follows a language switch (its cache is per language)', async () => {
    const i18n = await loadI18n('en-US');
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <Label />
      </I18nextProvider>,
    );
    expect(
      screen.getByText(`${UI_MESSAGES['ui.chat.messages.empty']['en-US']} | Syncing data 42%`),
    ).toBeTruthy();
    await act(async () => switchLocale(i18n, 'zh-CN'));
    rerender(
      <I18nextProvider i18n={i18n}>
        <Label />
      </I18nextProvider>,
    );
    expect(
      screen.getByText(new RegExp(`^${UI_MESSAGES['ui.chat.messages.empty']['zh-CN']} \\|`)),
    ).toBeTruthy();
    expect(screen.queryByText(new RegExp(UI_MESSAGES['ui.chat.messages.empty']['en-US']))).toBeNull();
  });
});
