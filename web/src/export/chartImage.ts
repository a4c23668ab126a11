/**
 * A chart's <svg> as a standalone SVG file (computed styles of text and lines inlined so it renders outside the
 * page) or as a PNG drawn through a canvas at 2× (browser only).
 */
const STYLE_PROPS = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'font-size', 'font-family', 'font-weight', 'opacity'];

export function svgText(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const source = svg.querySelectorAll('*');
  const target = clone.querySelectorAll('*');
  source.forEach((el, i) => {
    const style = getComputedStyle(el);
    const decl = STYLE_PROPS.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';');
    (target[i] as SVGElement).setAttribute('style', decl);
  });
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(svg.clientWidth || svg.getAttribute('width')));
  clone.setAttribute('height', String(svg.clientHeight || svg.getAttribute('height')));
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#ffffff');
  clone.insertBefore(bg, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

export function svgToPng(svg: SVGSVGElement): Promise<Blob> {
  const text = svgText(svg);
  const w = svg.clientWidth || Number(svg.getAttribute('width'));
  const h = svg.clientHeight || Number(svg.getAttribute('height'));
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = w * 2;
      canvas.height = h * 2;
      const ctx = canvas.getContext('2d')!;
      ctx.scale(2, 2);
      ctx.drawImage(img, 0, 0);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png');
    };
    img.onerror = () => reject(new Error('the chart could not be drawn as an image'));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}
