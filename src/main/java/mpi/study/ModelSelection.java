package mpi.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Ranks models by their error on held-out points, lowest first: the model that predicts the
 * sizes and process counts it has not seen is the one that describes the algorithm. R squared
 * does not rank: a model with more freedom raises it on its own points.
 */
public final class ModelSelection {
    private ModelSelection() {
    }

    /**
     * Fits each model directly and ranks the fits.
     *
     * @param models  the candidate models
     * @param all     one algorithm's measurements
     * @param holdOut the points kept from every fit, the same for all models
     * @return the fits, best first; models the points cannot determine are left out
     */
    public static List<ModelFit> rank(List<CostModel> models, List<Measurement> all,
            HoldOut holdOut) {
        List<ModelFit> fits = new ArrayList<>();
        for (CostModel model : models) {
            try {
                fits.add(ModelFit.fit(model, all, holdOut));
            } catch (IllegalArgumentException undetermined) {
                // e.g. a pipeline whose features are collinear over these points: no ranking
            }
        }
        return rank(fits);
    }

    /**
     * @param fits fits with held-out errors
     * @return the same fits, lowest held-out error first (NaN errors last)
     */
    public static List<ModelFit> rank(List<ModelFit> fits) {
        List<ModelFit> ranked = new ArrayList<>(fits);
        ranked.sort(Comparator.comparingDouble(ModelSelection::key));
        return ranked;
    }

    private static double key(ModelFit f) {
        return Double.isNaN(f.heldOutError()) ? Double.POSITIVE_INFINITY : f.heldOutError();
    }
}
