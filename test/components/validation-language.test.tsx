// The catalog's and the bridge's schemas say keys, and the one error map says them in the user's language: in
// Chinese, a field error that comes from a shared schema reads in Chinese, beside its field.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILIES } from '../../shared/catalog';
import { FamilyForm } from '../../renderer/features/create/family-form';
import { OnboardingPage } from '../../renderer/features/onboarding/onboarding-page';
import { zhCN } from '../../renderer/i18n/zh-cn';
import { en } from '../../renderer/i18n/en';
import { renderWithStudio, serveBridge } from './render';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('validation messages follow the language', () => {
  it('[EP-IMAGE-6] a wrong reference link and a missing prompt read in Chinese after switching language', async () => {
    serveBridge();
    await i18next.changeLanguage('zh-CN');
    renderWithStudio(<FamilyForm family={FAMILIES['image.i6']} models={{}} onSubmitted={vi.fn()} />);
    const link = screen.getByLabelText(zhCN.create.fields.image_urls);
    await userEvent.type(link, 'htp://typo{Enter}');
    await userEvent.click(screen.getByRole('button', { name: zhCN.create.submit }));
    // The prompt's "required" and the link's "must be an http(s) URL" come from shared/catalog/schema.ts.
    const prompt = screen.getByLabelText(zhCN.create.fields.prompt);
    expect(await screen.findByText(zhCN.validation.required)).toBeVisible();
    expect(prompt).toHaveAccessibleDescription(zhCN.validation.required);
    expect(screen.getByText(new RegExp(zhCN.validation.url.replace(/[.()]/g, '\\$&')))).toBeVisible();
    expect(screen.queryByText(en.validation.required)).toBeNull();
    expect(document.body.textContent).not.toContain(en.validation.url);
  });

  it('the same form in English says the English sentence (the map, not a fixed language)', async () => {
    serveBridge();
    renderWithStudio(<FamilyForm family={FAMILIES['image.i3']} models={{}} onSubmitted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: en.create.submit }));
    expect(await screen.findByText(en.validation.required)).toBeVisible();
  });

  it("onboarding's address and key errors (the bridge's key schema) read in Chinese", async () => {
    serveBridge();
    await i18next.changeLanguage('zh-CN');
    renderWithStudio(<OnboardingPage />);
    await userEvent.type(screen.getByLabelText(zhCN.onboarding.baseUrl), 'gateway');
    await userEvent.type(screen.getByLabelText(zhCN.onboarding.apiKey), 'a b');
    await userEvent.click(screen.getByRole('button', { name: zhCN.onboarding.connect }));
    expect(await screen.findByText(zhCN.validation.url)).toBeVisible();
    expect(screen.getByText(zhCN.validation.keyCharacters)).toBeVisible();
  });
});
