import t from 'tap';
import { byClass, parseXml } from './xml.js';

t.test('the test XML reader accepts well-formed documents and finds elements by class', async (t) => {
  const doc = parseXml('<svg a="1"><g class="x y"><path class="y" d="M0 0"/></g><title>A &amp; B</title></svg>');
  t.equal(doc.name, 'svg');
  t.equal(byClass(doc, 'y').length, 2);
  t.equal(doc.children[1].text, 'A &amp; B');
});

t.test('the test XML reader refuses what is not well-formed', async (t) => {
  for (const bad of [
    '<svg><g></svg>',
    '<svg><g></g>',
    '<svg a=1></svg>',
    '<svg a="1" a="2"></svg>',
    '<svg>A & B</svg>',
    '<svg a="x&y"></svg>',
    '<svg></svg><svg></svg>',
    '<svg><g</svg>',
    'text<svg></svg>',
    '<1svg></1svg>',
  ]) {
    t.throws(() => parseXml(bad), bad);
  }
});
