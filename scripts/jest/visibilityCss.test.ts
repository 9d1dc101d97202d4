import { installVisibilityCssFilter, visibilityCss } from './visibilityCss';

describe('visibilityCss', () => {
  it('keeps display, visibility, opacity and pointer-events in their rules, in order, and drops the rest', () => {
    const css =
      '.a{color:red;display:none;margin:0}.b,.c{Opacity:0 !important;background:url("x;y{z}.png")}' + '.d{color:blue}.e{pointer-events:none;visibility:hidden}';
    expect(visibilityCss(css)).toBe('.a{display:none}.b,.c{Opacity:0 !important}.e{pointer-events:none;visibility:hidden}');
  });

  it('keeps media, supports and layer blocks with their kept rules, and drops keyframes and font faces', () => {
    const css =
      '@media (max-width: 575px){.a{display:block;width:1px}.b{color:red}}' +
      '@keyframes fade{0%{opacity:0}100%{opacity:1}}@font-face{font-family:x;src:url(a.woff)}' +
      '@supports (display:grid){.g{display:grid}}@layer antd{.h{visibility:collapse}}@media print{.p{color:red}}';
    expect(visibilityCss(css)).toBe(
      '@media (max-width: 575px){.a{display:block}}@supports (display:grid){.g{display:grid}}' + '@layer antd{.h{visibility:collapse}}',
    );
  });

  it('reads selectors and values with braces, semicolons and comments inside strings, brackets and parentheses', () => {
    const css =
      '/* { */:where(.css-x).ant-btn[data-x="}{;"]{content:"a;}";display:inline-flex}' + '.q{background:url(data:image/png;base64,AA==);display:none}';
    expect(visibilityCss(css)).toBe(':where(.css-x).ant-btn[data-x="}{;"]{display:inline-flex}.q{display:none}');
  });

  it('keeps statements and survives unclosed blocks', () => {
    expect(visibilityCss('@layer a, b;.x{display:none')).toBe('@layer a, b;.x{display:none}');
    expect(visibilityCss('')).toBe('');
  });
});

describe('installVisibilityCssFilter', () => {
  beforeAll(() => installVisibilityCssFilter(window));
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  function style(css: string, rcUtil: boolean) {
    const node = document.createElement('style');
    if (rcUtil) node.setAttribute('data-rc-order', 'prependQueue');
    node.innerHTML = css;
    document.head.appendChild(node);
    return node;
  }

  it('gives rc-util style elements only the visibility rules, and their full text back on reading', () => {
    const css = '.hidden-x{display:none;color:rgb(255, 0, 0)}';
    const node = style(css, true);
    const element = document.body.appendChild(document.createElement('div'));
    element.className = 'hidden-x';
    expect(getComputedStyle(element).display).toBe('none');
    expect(getComputedStyle(element).color).not.toBe('rgb(255, 0, 0)');
    expect(node.innerHTML).toBe(css);
    expect(node.sheet?.cssRules).toHaveLength(1);
    expect(element).not.toBeVisible();
  });

  it('leaves other style elements whole', () => {
    const node = style('.red-x{color:rgb(255, 0, 0)}', false);
    const element = document.body.appendChild(document.createElement('div'));
    element.className = 'red-x';
    expect(getComputedStyle(element).color).toBe('rgb(255, 0, 0)');
    expect(node.innerHTML).toBe('.red-x{color:rgb(255, 0, 0)}');
  });
});
