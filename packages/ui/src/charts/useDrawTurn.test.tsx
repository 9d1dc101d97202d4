/**
 * Charts take turns: those ready in one commit are drawn one per timer task, each turn in a commit of its own; a
 * chart that leaves before its turn gives it up; where the browser cannot tell what is seen (jsdom), at once.
 */
import { act, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { useDrawTurn } from './useDrawTurn';

function Chart({ name, ready }: { name: string; ready: boolean }) {
  const turn = useDrawTurn(ready);
  return turn ? <span data-testid="drawn">{name}</span> : null;
}

const drawn = () => screen.queryAllByTestId('drawn').map((element) => element.textContent);

describe('with IntersectionObserver (a browser)', () => {
  beforeEach(() => {
    // The hook only asks whether the browser has one.
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {};
    jest.useFakeTimers();
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    jest.useRealTimers();
  });

  it('draws the charts ready together one per task, each in its own commit', () => {
    let commits = 0;
    render(
      <Profiler id="charts" onRender={() => (commits += 1)}>
        <Chart key="a" name="a" ready />
        <Chart key="b" name="b" ready />
        <Chart key="c" name="c" ready />
      </Profiler>,
    );
    expect(drawn()).toEqual([]);
    const mounted = commits;
    for (const expected of [['a'], ['a', 'b'], ['a', 'b', 'c']]) {
      act(() => {
        jest.advanceTimersToNextTimer();
      });
      expect(drawn()).toEqual(expected);
    }
    expect(commits - mounted).toBe(3);
    act(() => {
      jest.runOnlyPendingTimers();
    });
    expect(commits - mounted).toBe(3);
  });

  it('waits until ready, and a chart that leaves before its turn gives it up', () => {
    const { rerender } = render(
      <>
        <Chart key="a" name="a" ready={false} />
        <Chart key="b" name="b" ready />
        <Chart key="c" name="c" ready />
      </>,
    );
    rerender(
      <>
        <Chart key="a" name="a" ready />
        <Chart key="c" name="c" ready />
      </>,
    );
    act(() => {
      jest.advanceTimersToNextTimer();
    });
    expect(drawn()).toEqual(['c']);
    act(() => {
      jest.advanceTimersToNextTimer();
    });
    expect(drawn()).toEqual(['a', 'c']);
  });
});

it('draws at once where the browser cannot tell what is on screen', () => {
  render(<Chart key="a" name="a" ready />);
  expect(drawn()).toEqual(['a']);
});
