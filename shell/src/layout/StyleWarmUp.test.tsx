import { act } from '@testing-library/react';
import { STYLE_WARM_UP_ID, warmSignedInStyles } from './StyleWarmUp';

describe('StyleWarmUp (issue 19: antd styles made while the user types)', () => {
  it('renders the antd components of the signed-in screens out of sight: their styles land in the head, no element in the document', async () => {
    const stylesBefore = document.head.querySelectorAll('style').length;
    await act(async () => { warmSignedInStyles(); });
    const host = document.getElementById(STYLE_WARM_UP_ID);
    expect(host).not.toBeNull();
    expect(host).toHaveAttribute('hidden');
    expect(host?.shadowRoot).toBeNull(); // closed: no query or locator reaches inside
    expect(document.querySelector('.ant-layout, .ant-card, .ant-spin')).toBeNull();
    const css = [...document.head.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
    expect(document.head.querySelectorAll('style').length).toBeGreaterThan(stylesBefore);
    for (const component of ['ant-layout', 'ant-menu', 'ant-card', 'ant-statistic', 'ant-select', 'ant-spin']) expect(css).toContain(`.${component}`);

    await act(async () => { warmSignedInStyles(); }); // once per page
    expect(document.querySelectorAll(`#${STYLE_WARM_UP_ID}`)).toHaveLength(1);
  });
});
