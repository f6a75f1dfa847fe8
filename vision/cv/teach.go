package cv

import (
	"fmt"
	"gocv.io/x/gocv"
	"os"
	"path/filepath"
	"sort"
)

// Teach learns a model from dir laid out as DIR/<kind>/<face>/*.png|*.jpg,
// each image showing one die of that kind with that face up, anywhere in
// the frame, at any rotation. It fails with a clear error on a missing
// directory, a kind without face folders, a face folder without images, an
// unreadable image, or an image without exactly one die.
func Teach(dir string) (*Model, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("%w: %s is not a directory (want DIR/<kind>/<face>/*.png)", errTeach, dir)
	}
	kinds, err := subdirs(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	if len(kinds) == 0 {
		return nil, fmt.Errorf("%w: %s has no <kind> folders (want DIR/<kind>/<face>/*.png)", errTeach, dir)
	}
	m := &Model{Version: ModelVersion, PatchSize: patchSize, Threshold: 0.5}
	q := newRectifier()
	defer q.Close()
	for _, kind := range kinds {
		cs, kc, err := teachKind(q, filepath.Join(dir, kind), kind)
		if err != nil {
			return nil, err
		}
		m.Classes = append(m.Classes, cs...)
		m.Colours = append(m.Colours, kc)
	}
	m.prepare()
	m.findTwins()
	return m, nil
}

// teachKind learns the faces of one kind and the kind's body colour.
func teachKind(q *rectifier, dir, kind string) ([]Class, KindColour, error) {
	faces, err := subdirs(dir)
	if err != nil {
		return nil, KindColour{}, fmt.Errorf("%w: %w", errTeach, err)
	}
	if len(faces) == 0 {
		return nil, KindColour{}, fmt.Errorf("%w: kind folder %s has no <face> folders", errTeach, dir)
	}
	var out []Class
	var all []feature
	for _, face := range faces {
		fs, err := teachFace(q, filepath.Join(dir, face))
		if err != nil {
			return nil, KindColour{}, err
		}
		out = append(out, buildClass(kind, face, fs))
		all = append(all, fs...)
	}
	return out, kindColour(kind, all), nil
}

func teachFace(q *rectifier, dir string) ([]feature, error) {
	es, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errTeach, err)
	}
	var files []string
	for _, e := range es {
		if !e.IsDir() && imageExt(e.Name()) {
			files = append(files, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(files)
	if len(files) == 0 {
		return nil, fmt.Errorf("%w: face folder %s has no .png or .jpg image", errTeach, dir)
	}
	// Examples whose top face was not found are used only when fewer than
	// two were found.
	var fs, unsure []feature
	for _, f := range files {
		ft, ok, err := teachImage(q, f)
		if err != nil {
			return nil, err
		}
		if ok {
			fs = append(fs, ft)
		} else {
			unsure = append(unsure, ft)
		}
	}
	if len(fs) < 2 {
		fs = append(fs, unsure...)
	}
	return fs, nil
}

// teachImage reads the one die of a teaching image; ok tells whether its
// top face was found.
func teachImage(q *rectifier, path string) (f feature, ok bool, err error) {
	frame, err := ReadImageFile(path)
	if err != nil {
		return feature{}, false, fmt.Errorf("%w: %w", errTeach, err)
	}
	defer frame.Close()
	ds, mask, scale := detectMask(frame)
	defer mask.Close()
	q.useMask(mask, scale)
	defer q.useMask(gocv.Mat{}, 0)
	var solid []found
	for _, d := range ds {
		if d.solid {
			solid = append(solid, d)
		}
	}
	if len(solid) == 0 {
		solid = ds
	}
	if len(solid) != 1 {
		return feature{}, false, fmt.Errorf("%w: %s: found %d dice, want exactly one die per teaching image", errTeach, path, len(solid))
	}
	r, ok := q.refine(frame, solid[0].r)
	return featureOf(q.patch(frame, r)), ok, nil
}
