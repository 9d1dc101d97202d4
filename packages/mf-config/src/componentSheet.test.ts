/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { compile } from './testing/compile';
import { ComponentSheetPlugin, prefixesIn, prefixOf, trimSheet } from './componentSheet';
import { styleSheets } from './createWebpackConfig';

jest.setTimeout(120_000);

describe("antd's sheet cut to the components used", () => {
  it("reads the class prefixes antd's code asks for", () => {
    const source = "const prefixCls = getPrefixCls('table', customizePrefixCls); const d = getPrefixCls( \"dropdown\"); getPrefixCls(x || 'select')";
    expect(prefixesIn(source)).toEqual(['table', 'dropdown', 'select']);
  });

  it('gives a class to the component with the longest prefix that starts it', () => {
    const known = ['input', 'input-number', 'col', 'color-picker'];
    expect(prefixOf('ant-input-number-handler', known)).toBe('input-number');
    expect(prefixOf('ant-input', known)).toBe('input');
    expect(prefixOf('ant-col-24', known)).toBe('col');
    expect(prefixOf('ant-color-picker-trigger', known)).toBe('color-picker');
    expect(prefixOf('ant-slide-up-enter', known)).toBeUndefined();
  });

  it('drops the selectors naming a class of a component not used, and rules left without one', () => {
    const known = new Set(['table', 'pagination', 'btn', 'steps', 'input', 'input-number']);
    const used = new Set(['table', 'pagination', 'btn', 'input']);
    const css = [
      '.ant-table .ant-pagination{margin:0}',
      '.ant-steps{display:flex}',
      '.ant-steps .ant-btn,.ant-btn{color:red}',
      '@media (max-width:575px){.ant-steps-item{display:block}.ant-table{width:100%}}',
      '@media (min-width:1px){.ant-steps-item{display:block}}',
      '.ant-slide-up-enter{opacity:0}',
      '.ant-input-number{width:90px}',
      '.ant-input{width:100%}',
      '@keyframes antSlideUpIn{0%{opacity:0}100%{opacity:1}}',
    ].join('');
    expect(trimSheet(css, known, used)).toBe(
      [
        '.ant-table .ant-pagination{margin:0}',
        '.ant-btn{color:red}',
        '@media (max-width:575px){.ant-table{width:100%}}',
        '.ant-slide-up-enter{opacity:0}',
        '.ant-input{width:100%}',
        '@keyframes antSlideUpIn{0%{opacity:0}100%{opacity:1}}',
      ].join(''),
    );
  });

  it("keeps in a production build's css file only the rules of the antd components its modules hold", async () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mf-sheet-')));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      // A small antd: Button (btn, with the wave it uses) and Steps; the app imports only Button.
      write('node_modules/antd/package.json', JSON.stringify({ name: 'antd', version: '6.0.0', module: 'es/index.js', sideEffects: ['*.css'] }));
      write('node_modules/antd/es/index.js', "export { default as Button } from './button'; export { default as Steps } from './steps';");
      write('node_modules/antd/es/button/index.js', "import wave from '../wave'; export default (getPrefixCls) => [getPrefixCls('btn'), wave(getPrefixCls)];");
      write('node_modules/antd/es/wave/index.js', "export default (getPrefixCls) => getPrefixCls('wave');");
      write('node_modules/antd/es/steps/index.js', "export default (getPrefixCls) => getPrefixCls('steps');");
      write('node_modules/antd/dist/antd.css', '.ant-btn{color:red}.ant-wave{color:blue}.ant-steps{display:flex}.ant-steps-item,.ant-btn-lg{height:40px}');
      write('src/index.js', "import 'antd/dist/antd.css'; import { Button } from 'antd'; console.log(Button);");
      const styles = styleSheets(false);
      const out = path.join(dir, 'dist');
      const compiler = webpack({
        mode: 'production',
        context: dir,
        entry: { main: './src/index.js' },
        output: { path: out, filename: '[name].js' },
        module: { rules: [styles.rule] },
        optimization: { minimize: false },
        plugins: [...styles.plugins, new ComponentSheetPlugin(path.join(dir, 'node_modules', 'antd'))],
      });
      expect(await compile(compiler)).toEqual([]);
      const sheets = readdirSync(out).filter((file) => file.endsWith('.css'));
      expect(sheets).toHaveLength(1);
      expect(readFileSync(path.join(out, sheets[0]), 'utf8')).toContain('.ant-btn{color:red}.ant-wave{color:blue}.ant-btn-lg{height:40px}');
      expect(readFileSync(path.join(out, sheets[0]), 'utf8')).not.toContain('ant-steps');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
