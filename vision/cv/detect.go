package cv

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// workWidth is the width dice are searched at (frames are shrunk to it).
const workWidth = 640

// found is one die found in a frame, in full-frame pixels.
type found struct {
	r rect
}

// detect finds the dice in a BGR frame: it shrinks the frame, estimates the
// mat (a large median of a further shrunk copy, so uneven light is part of
// the mat), marks pixels that differ from the mat in colour or much in
// brightness (soft shadows only darken a little), and fits a rotated square
// to every blob, splitting blobs of touching dice by their size.
func detect(frame gocv.Mat) []found {
	scale := float64(workWidth) / float64(frame.Cols())
	if scale > 1 {
		scale = 1
	}
	ws := image.Pt(int(math.Round(float64(frame.Cols())*scale)), int(math.Round(float64(frame.Rows())*scale)))
	work := gocv.NewMat()
	defer work.Close()
	gocv.Resize(frame, &work, ws, 0, 0, gocv.InterpolationArea)
	bg := background(work)
	defer bg.Close()
	mask := foreground(work, bg)
	defer mask.Close()
	rs := blobs(mask)
	out := make([]found, 0, len(rs))
	for _, r := range rs {
		r.C.X = (r.C.X + 0.5) / scale
		r.C.Y = (r.C.Y + 0.5) / scale
		r.W /= scale
		r.H /= scale
		out = append(out, found{r: r})
	}
	return out
}

// background estimates the mat under the dice: a median over about a fifth
// of the frame's width on a quarter-size copy, scaled back.
func background(work gocv.Mat) gocv.Mat {
	small := gocv.NewMat()
	defer small.Close()
	ss := image.Pt(work.Cols()/4, work.Rows()/4)
	gocv.Resize(work, &small, ss, 0, 0, gocv.InterpolationArea)
	k := ss.X/5 | 1
	med := gocv.NewMat()
	defer med.Close()
	gocv.MedianBlur(small, &med, k)
	bg := gocv.NewMat()
	gocv.Resize(med, &bg, image.Pt(work.Cols(), work.Rows()), 0, 0, gocv.InterpolationLinear)
	return bg
}

// Foreground thresholds: chroma difference (sum of |r,g,b shares|), and
// brightness ratios to the mat for brighter and for darker pixels.
const (
	fgChroma   = 0.10
	fgBrighter = 1.30
	fgDarker   = 0.55
)

// foreground marks the pixels of work that are not mat, cleaned by a
// morphological open and close. The caller closes the mask.
func foreground(work, bg gocv.Mat) gocv.Mat {
	wp, _ := work.DataPtrUint8()
	bp, _ := bg.DataPtrUint8()
	n := work.Rows() * work.Cols()
	m := make([]byte, n)
	for i := 0; i < n; i++ {
		if isForeground(wp[3*i:3*i+3:3*i+3], bp[3*i:3*i+3:3*i+3]) {
			m[i] = 255
		}
	}
	raw, _ := gocv.NewMatFromBytes(work.Rows(), work.Cols(), gocv.MatTypeCV8UC1, m)
	defer raw.Close()
	k3 := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k3.Close()
	k5 := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(5, 5))
	defer k5.Close()
	opened := gocv.NewMat()
	defer opened.Close()
	gocv.MorphologyEx(raw, &opened, gocv.MorphOpen, k3)
	out := gocv.NewMat()
	gocv.MorphologyEx(opened, &out, gocv.MorphClose, k5)
	return out
}

func isForeground(p, q []byte) bool {
	li := float64(p[0]) + float64(p[1]) + float64(p[2]) + 6
	lb := float64(q[0]) + float64(q[1]) + float64(q[2]) + 6
	ratio := li / lb
	if ratio > fgBrighter || ratio < fgDarker {
		return true
	}
	// Chroma is only trusted where there is light enough.
	if li < 90 || lb < 90 {
		return false
	}
	var d float64
	for c := 0; c < 3; c++ {
		d += math.Abs((float64(p[c])+2)/li - (float64(q[c])+2)/lb)
	}
	return d > fgChroma
}

// blobs fits rotated squares to the mask's blobs, in work pixels.
func blobs(mask gocv.Mat) []rect {
	cs := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	type blob struct {
		r    rect
		area float64
		pts  []image.Point
	}
	var bs []blob
	minArea := float64(mask.Cols()*mask.Cols()) / 4000 // a die of 10 px at 640
	for i := 0; i < cs.Size(); i++ {
		pv := cs.At(i)
		a := gocv.ContourArea(pv)
		if a < minArea {
			continue
		}
		pts := pv.ToPoints()
		bs = append(bs, blob{r: minAreaRect(convexHull(pts)), area: a, pts: pts})
	}
	s := dieSide(func(yield func(rect, float64) bool) {
		for _, b := range bs {
			if !yield(b.r, b.area) {
				return
			}
		}
	})
	var out []rect
	for _, b := range bs {
		switch {
		case s > 0 && b.area < 0.35*s*s:
			continue // a speck, not a die
		case s > 0 && b.area > 1.6*s*s:
			out = append(out, split(mask, b.pts, s)...)
		default:
			out = append(out, b.r)
		}
	}
	return out
}

// dieSide estimates the side of one die from blobs that look like one
// square die (about square, filling their rectangle); 0 if there is none.
func dieSide(each func(func(rect, float64) bool)) float64 {
	var sides []float64
	each(func(r rect, area float64) bool {
		asp := r.W / r.H
		if asp > 0.75 && asp < 1.33 && area > 0.8*r.W*r.H {
			sides = append(sides, r.side())
		}
		return true
	})
	if len(sides) == 0 {
		return 0
	}
	sort.Float64s(sides)
	return sides[len(sides)/2]
}

// split separates a blob of touching dice of side s: the cores of the
// dice (points deeper than a third of a die from the blob's edge) fall
// apart where dice meet at an angle; a core that is still a row of dice
// (dice edge to edge) is cut into squares along its length.
func split(mask gocv.Mat, contour []image.Point, s float64) []rect {
	bb := boundsOf(contour).Inset(-2).Intersect(image.Rect(0, 0, mask.Cols(), mask.Rows()))
	one := gocv.NewMatWithSize(bb.Dy(), bb.Dx(), gocv.MatTypeCV8UC1)
	defer one.Close()
	shifted := make([]image.Point, len(contour))
	for i, p := range contour {
		shifted[i] = p.Sub(bb.Min)
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{shifted})
	defer pv.Close()
	gocv.FillPoly(&one, pv, colorWhite)
	region := mask.Region(bb)
	defer region.Close()
	gocv.BitwiseAnd(one, region, &one)
	dist := gocv.NewMat()
	defer dist.Close()
	labels := gocv.NewMat()
	defer labels.Close()
	gocv.DistanceTransform(one, &dist, &labels, gocv.DistL2, gocv.DistanceMask5, gocv.DistanceLabelCComp)
	depth := s / 3
	core := gocv.NewMat()
	defer core.Close()
	gocv.Threshold(dist, &core, float32(depth), 255, gocv.ThresholdBinary)
	core8 := gocv.NewMat()
	defer core8.Close()
	core.ConvertTo(&core8, gocv.MatTypeCV8U)
	cs := gocv.FindContours(core8, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	var out []rect
	for i := 0; i < cs.Size(); i++ {
		pts := cs.At(i).ToPoints()
		r := minAreaRect(convexHull(pts))
		r.C.X += float64(bb.Min.X)
		r.C.Y += float64(bb.Min.Y)
		r.W += 2 * depth
		r.H += 2 * depth
		if r.W*r.H < 0.3*s*s {
			continue
		}
		out = append(out, cutRow(r, s)...)
	}
	return out
}

// cutRow cuts a rectangle k dice long into k squares.
func cutRow(r rect, s float64) []rect {
	if r.H > r.W {
		r.W, r.H = r.H, r.W
		r.Angle += math.Pi / 2
	}
	k := int(math.Round(r.W / s))
	if k < 2 {
		return []rect{r}
	}
	ux, uy := math.Cos(r.Angle), math.Sin(r.Angle)
	step := r.W / float64(k)
	out := make([]rect, 0, k)
	for i := 0; i < k; i++ {
		off := (float64(i)+0.5)*step - r.W/2
		out = append(out, rect{C: pt{r.C.X + off*ux, r.C.Y + off*uy}, W: step, H: r.H, Angle: r.Angle})
	}
	return out
}

func boundsOf(ps []image.Point) image.Rectangle {
	b := image.Rectangle{Min: ps[0], Max: ps[0].Add(image.Pt(1, 1))}
	for _, p := range ps[1:] {
		b = b.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
	}
	return b
}
